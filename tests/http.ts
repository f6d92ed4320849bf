import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { CLIENT_IP_HEADER } from '@/server/context';
import { localOriginOf, runWithRequestOrigin } from '@/server/request-origin';
import { clientIpOf } from '@/server/surfaces/http/client-ip';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { setRateLimiter } from '@/server/rate-limit/enforce';

type RouteHandler = (req: Request) => Response | Promise<Response>;

/** The route handlers of app/ a test server serves, by path prefix; the first match answers. */
export type Routes = [prefix: string, handler: RouteHandler][];

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A real HTTP server over the app's own route handlers (without Next's pipeline), with the same
 * client-IP rule as the production front and one trusted proxy hop, so each test can be its own client.
 */
export async function startTestServer(routes: Routes, options: { followOrigin?: boolean } = {}): Promise<TestServer> {
  setRateLimiter(createMemoryRateLimiter());
  const server = http.createServer(async (req, res) => {
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req, 1);
    const handler = routes.find(([prefix]) => req.url?.startsWith(prefix))?.[1];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      return;
    }
    // as the production front does with APP_URL unset: links follow the loopback origin of the request
    const origin = options.followOrigin ? localOriginOf(req.headers.host) : undefined;
    if (origin === null) return void res.writeHead(421).end();
    try {
      const run = () => handler(toRequest(req));
      const response = await (origin ? runWithRequestOrigin(origin, run) : run());
      // every Set-Cookie, not the last one only (Object.fromEntries keeps one value per name)
      const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
      if (response.headers.has('set-cookie')) headers['set-cookie'] = response.headers.getSetCookie();
      res.writeHead(response.status, headers);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function toRequest(req: http.IncomingMessage): Request {
  const url = `http://${req.headers.host}${req.url}`;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: hasBody ? (req as unknown as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/** A client address of its own, so one test's requests never count against another's limits. */
export function randomClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** fetch against the test server, as one client (X-Forwarded-For), JSON in and out. */
export function apiClient(baseUrl: string, options: { token?: string; ip?: string } = {}) {
  const ip = options.ip ?? randomClientIp();
  return async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: callers read `text`
    }
    return { status: response.status, headers: response.headers, json: json as any, text }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

/**
 * Rate limits count in fixed windows aligned to the minute: a test that counts up to a limit first waits
 * out a window about to end, so its requests cannot straddle two windows and find a fresh budget.
 */
export async function insideOneRateWindow(margin = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
