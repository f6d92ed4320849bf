import { handleBounceWebhook } from '@/server/surfaces/rest/bounce-webhook';

export const dynamic = 'force-dynamic';

export function POST(req: Request, { params }: { params: Promise<{ provider: string; project: string }> }) {
  return handleBounceWebhook(req, params);
}
