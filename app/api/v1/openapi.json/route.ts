import { getOpenApiDocument } from '@/server/surfaces/rest/openapi-cache';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(getOpenApiDocument());
}
