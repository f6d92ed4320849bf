import { handleGithubWebhook } from '@/server/commits/github/http';

export const dynamic = 'force-dynamic';

export function POST(req: Request, { params }: { params: Promise<{ project: string }> }) {
  return handleGithubWebhook(req, params);
}
