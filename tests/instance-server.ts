/**
 * One Shipnote instance in a process of its own, for tests/instances.test.ts: the production HTTP front
 * (client address, forwarded origin, the `/banner` fast path) over the app's route handlers (REST,
 * dashboard tRPC, the consent form) instead of Next, so no build is needed. Configured from the
 * environment exactly as the server is: DATABASE_URL, REDIS_URL, TRUSTED_PROXY_HOPS, SMTP_URL.
 * Not a test file. Prints `ready <port>` once it serves.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import * as authorizeRoute from '@/app/oauth/authorize/route';
import { getDatabase } from '@/db/client';
import { startInvalidationBus } from '@/server/cache-bus';
import { config } from '@/server/config';
import type { Transport } from '@/server/email/message';
import { getTransport } from '@/server/email/transport';
import { closeSharedRedis } from '@/server/redis';
import type { EmailBudget } from '@/server/release-emails/budget';
import { sharedEmailBudget } from '@/server/release-emails/start-worker';
import { startWorker } from '@/server/release-emails/worker';
import { handleFastPath } from '@/server/surfaces/http/fast-path';
import { createFrontServer } from '@/server/surfaces/http/front';
import { prepareAuthEnvironment } from '@/server/surfaces/http/runtime';
import { dispatch, REST_ROUTES } from './rest-server';
import type { Routes } from './http';

const routes: Routes = [
  ['/api/trpc/', (req) => dispatch(trpcRoute, req)],
  ['/oauth/authorize', (req) => dispatch(authorizeRoute, req)],
  ...REST_ROUTES,
  // what next-auth's sign-in sets: a JWT session cookie sealed with this process's NEXTAUTH_SECRET
  ['/__test/session', async (req) => Response.json({ cookie: await encode({ token: { sub: new URL(req.url).searchParams.get('user')! }, secret: process.env.NEXTAUTH_SECRET! }) })],
  ['/__test/email', () => Response.json(emailStats)],
];

const emailStats = { delivered: 0, refused: 0 };

/** The shared budget, counted for the test: `refused` says this worker was held back by it. */
function counted(budget: EmailBudget): EmailBudget {
  return {
    async take() {
      const wait = await budget.take();
      if (wait > 0) emailStats.refused += 1;
      return wait;
    },
    refund: () => budget.refund(),
  };
}

async function main() {
  const database = await getDatabase();
  await prepareAuthEnvironment(database);
  const bus = await startInvalidationBus({ pingMs: 500 });

  // the production worker and budget; the test sets the budget (EMAIL_BUDGET_TEST) and its window
  const transport = getTransport();
  const [limit, windowSeconds, name] = (process.env.EMAIL_BUDGET_TEST ?? '4:3600:test').split(':');
  const budget = counted(sharedEmailBudget(database.db, Number(limit), { windowSeconds: Number(windowSeconds), name }));
  const delivering: Transport = {
    kind: transport.kind,
    async deliver(...args) {
      const result = await transport.deliver(...args);
      emailStats.delivered += 1;
      return result;
    },
    close: () => transport.close(),
  };
  const worker = startWorker(database.db, delivering, { ...config.email, maxPerMinute: 6000, pollMs: 100, budget, soleWorker: false });
  globalThis.__shipnoteEmailWorker = worker;

  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => void route(req, res);
  const server = createFrontServer(serve, { proxyHops: config.trustedProxyHops, appUrlConfigured: config.appUrlConfigured, answerFirst: handleFastPath });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`ready ${(server.address() as AddressInfo).port}`);

  process.once('SIGTERM', async () => {
    server.close();
    server.closeAllConnections();
    await worker.stop();
    await bus.stop();
    await closeSharedRedis();
    await database.close();
    process.exit(0);
  });
}

async function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const handler = routes.find(([prefix]) => req.url?.startsWith(prefix))?.[1];
  if (!handler) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // as Next hands route handlers a NextRequest (next-auth's getToken reads its `cookies`)
    const request = new NextRequest(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: hasBody ? (req as unknown as ReadableStream) : undefined,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
