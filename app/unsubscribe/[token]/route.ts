import { handleUnsubscribe } from '@/server/surfaces/web/unsubscribe';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ token: string }> };

async function handler(req: Request, { params }: Params) {
  return handleUnsubscribe(req, (await params).token);
}

export { handler as GET, handler as POST };
