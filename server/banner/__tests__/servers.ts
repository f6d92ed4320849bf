import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_IP_HEADER } from '@/server/context';
import { clientIpOf } from '@/server/surfaces/http/client-ip';
import { handleFastPath } from '@/server/surfaces/http/fast-path';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { setRateLimiter } from '@/server/rate-limit/enforce';
import type { TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';

/** The two ways `/banner` is served: Next's REST route, and the fast path of the production front. */
export interface Surface {
  name: string;
  server: TestServer;
  /** both answer 304 through the one banner function; only the fast path answers CORS preflights */
  conditional: boolean;
}

/** The production front's fast path over real HTTP, with the test servers' client-IP rule (one trusted hop). */
export async function startFastPathServer(): Promise<TestServer> {
  setRateLimiter(createMemoryRateLimiter());
  const server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req, 1);
    if (!handleFastPath(req, res)) res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function startSurfaces(): Promise<Surface[]> {
  const rest = await startRestServer();
  const fast = await startFastPathServer();
  return [
    { name: 'REST route', server: rest, conditional: true },
    { name: 'fast path', server: fast, conditional: true },
  ];
}
