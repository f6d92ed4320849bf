import { handleSubscriptionConfirm } from '@/server/surfaces/web/subscribe';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ token: string }> };

async function handler(req: Request, { params }: Params) {
  return handleSubscriptionConfirm(req, (await params).token);
}

export { handler as GET, handler as POST };
