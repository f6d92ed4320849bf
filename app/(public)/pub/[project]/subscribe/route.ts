import { handleSubscribeForm } from '@/server/surfaces/web/subscribe';

export const dynamic = 'force-dynamic';

export async function POST(req: Request, { params }: { params: Promise<{ project: string }> }) {
  return handleSubscribeForm(req, (await params).project);
}
