import type { IncomingMessage, ServerResponse } from 'node:http';
import { decode } from 'next-auth/jwt';
import { config } from '../../config';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { HeaderBag } from './banner';
import { isPrefetch, pathnameOf } from './page-views';
import { isRestUrl } from './rest-route';

/**
 * Counted elsewhere or costing nothing, as Next reads the path: the routes that count their own callers
 * (the dashboard's tRPC, next-auth, webhooks, MCP, OAuth), Next's static files and the icon. Any other
 * path under them is Next's 404 page, a render like any other.
 */
const COUNTED_ELSEWHERE = /^\/(?:api\/(?:trpc|auth|webhooks)\/|mcp$|oauth\/(?:authorize|token|register|revoke)$|_next\/static\/|icon\.svg$|favicon\.ico$)/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token=([^;]+)/;

/**
 * Everything else Next renders for a caller without a session (the home page, sign-in and sign-up, the
 * API docs, 404 pages, discovery documents): counted per address in the `pages` group, as every
 * anonymous API call is counted in its own. Each is a render of milliseconds, so without a limit one
 * client could keep the server busy. A signed-in member's pages are not held back; a forged session
 * cookie does not pass for one.
 */
export function limitAnonymousRender(req: IncomingMessage, res: ServerResponse, render: () => void): void {
  if (!config.rateLimitEnabled || countedElsewhere(req.url ?? '/') || isPrefetch(req)) return render();
  void countUnlessSignedIn(req).then(({ headers, refusal }) => {
    if (refusal) return void res.writeHead(429, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(refusal);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    render();
  });
}

/** The caller's RateLimit-* headers, and why it is refused when it is. */
async function countUnlessSignedIn(req: IncomingMessage): Promise<{ headers: Record<string, string>; refusal?: string }> {
  const bag = new HeaderBag();
  if (await hasSession(req)) return { headers: bag.values };
  try {
    await enforceRateLimit({ clientIp: String(req.headers[CLIENT_IP_HEADER] ?? '127.0.0.1'), resHeaders: bag as unknown as Headers }, 'pages');
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return { headers: bag.values, refusal: error.message };
    // the limiter failing is Redis failing: carry on without it, as every other limit does
    logError('page rate limit failed', error);
  }
  return { headers: bag.values };
}

/** REST takes whatever URL starts as its own, as asked (the front hands it over); Next reads the rest resolved. */
function countedElsewhere(url: string): boolean {
  if (isRestUrl(url)) return true;
  const path = url.split('?', 1)[0]!;
  // dot segments and percent-encoding do not hide a page behind a route that counts its own callers
  const asNextReadsIt = /[%.#]/.test(path) ? pathnameOf(url) : path;
  return asNextReadsIt !== null && COUNTED_ELSEWHERE.test(asNextReadsIt);
}

/** A session cookie next-auth sealed with this deployment's secret, still valid. */
async function hasSession(req: IncomingMessage): Promise<boolean> {
  const sealed = SESSION_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  if (!sealed) return false;
  try {
    const token = await decode({ token: decodeURIComponent(sealed), secret: process.env.NEXTAUTH_SECRET! });
    return Boolean(token?.sub);
  } catch {
    return false;
  }
}
