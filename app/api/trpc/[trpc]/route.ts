import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { sessionUserIdOf } from '@/server/auth/session';
import { createContext } from '@/server/context';
import { isSameOrigin } from '@/server/surfaces/http/same-origin';
import { appRouter } from '@/server/root';

export const dynamic = 'force-dynamic';

/** The dashboard's tRPC endpoint: session cookie auth, writes only from our own pages. */
async function handler(req: Request) {
  if (req.method !== 'GET' && !isSameOrigin(req)) return Response.json({ detail: 'Cross-site request refused' }, { status: 403 });
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: async ({ resHeaders }) =>
      createContext({ headers: req.headers, resHeaders, sessionUserId: await sessionUserIdOf(req) }),
  });
}

export { handler as GET, handler as POST };
