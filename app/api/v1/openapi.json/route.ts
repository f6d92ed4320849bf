import { getOpenApiDocument } from '@/server/rest/openapi-cache';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(getOpenApiDocument());
}
