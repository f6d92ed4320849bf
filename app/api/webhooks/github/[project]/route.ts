import { handleGithubWebhook } from '@/server/surfaces/rest/github-webhook';

export const dynamic = 'force-dynamic';

export function POST(req: Request, { params }: { params: Promise<{ project: string }> }) {
  return handleGithubWebhook(req, params);
}
