import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { HeaderBag } from './banner';
import { COUNTED_VIEW_HEADER, countedViewProof } from './counted-view';
import { isRestUrl } from './rest-route';

/**
 * The public pages (/changelog/<slug>, /blog/<slug>, /kb/<slug>, /pub/<project>) as Next routes them:
 * any one segment after them, since Next renders a malformed slug's 404 through the same procedures.
 */
export const PUBLIC_PAGE_SECTIONS = ['changelog', 'blog', 'kb', 'pub'];

export interface ViewCount {
  /** the visitor's RateLimit-* headers */
  headers: Record<string, string>;
  refusal?: { status: number; detail: string };
}

/** Counts a request against the visitor's public limit: their rate-limit headers, and why not when refused. */
export async function countView(req: IncomingMessage): Promise<ViewCount> {
  const bag = new HeaderBag();
  try {
    // the same public limit the REST surface or Next's render would have applied
    await enforceRateLimit({ clientIp: String(req.headers[CLIENT_IP_HEADER] ?? '127.0.0.1'), resHeaders: bag as unknown as Headers }, 'general');
    return { headers: bag.values };
  } catch (error) {
    // the REST surface's 429 body (api-v1.md section 7), for pages too
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return { headers: bag.values, refusal: { status: 429, detail: error.message } };
    logError('public page rate limit failed', error);
    return { headers: bag.values, refusal: { status: 503, detail: 'Service unavailable' } };
  }
}

export function refuseView(res: ServerResponse, refusal: { status: number; detail: string }, headers: Record<string, string>) {
  res.writeHead(refusal.status, { ...headers, 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: refusal.detail }));
}

/** Lets Next render a view counted here: the visitor's headers on the answer, the proof on the request. */
export function renderCountedView(req: IncomingMessage, res: ServerResponse, count: ViewCount, render: () => void) {
  if (count.refusal) return refuseView(res, count.refusal, count.headers);
  for (const [name, value] of Object.entries(count.headers)) res.setHeader(name, value);
  req.headers[COUNTED_VIEW_HEADER] = countedViewProof();
  render();
}

/**
 * A public page the shared cache does not serve (a query string, the client router's RSC request, a
 * path spelled otherwise, any method): the view is counted here all the same, once, so a visitor past
 * the limit gets the 429 and never a page whose procedures failed. Returns false for every other URL.
 */
export function countPublicPageView(req: IncomingMessage, res: ServerResponse, render: () => void): boolean {
  if (!isPublicPageView(req)) return false;
  void countView(req).then((count) => renderCountedView(req, res, count, render));
  return true;
}

/** The client router's prefetch of a link: the route tree up to its loading state, not the page's work. */
export function isPrefetch(req: IncomingMessage): boolean {
  return req.headers.rsc === '1' && req.headers['next-router-prefetch'] === '1';
}

/** A slug that is not valid percent-encoding never gets here: the front refuses it (malformed-path.ts). */
function isPublicPageView(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  // the client router's prefetches get the route tree only, no procedure runs (Next reads exactly '1');
  // the markdown twins are REST's; Next redirects a path with `\` or `//` before rendering anything
  if (isPrefetch(req) || isRestUrl(url)) return false;
  const path = url.split('?', 1)[0]!;
  if (/\\|\/\//.test(path)) return false;
  // as Next reads the path: percent-encoding and dot segments do not hide a page (without them, the
  // path reads the same after decoding, and parsing it would cost every request to Next microseconds)
  const segments = (/[%.#]/.test(path) ? pathnameOf(url) : path)?.split('/') ?? [];
  return segments.length === 3 && segments[2] !== '' && PUBLIC_PAGE_SECTIONS.includes(safeDecode(segments[1]!) ?? '');
}

/** The path as Next's URL parser reads it; null for a request target it cannot parse (an absolute form). */
export function pathnameOf(url: string): string | null {
  try {
    return new URL(url, 'http://front').pathname;
  } catch {
    return null;
  }
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
