import type { IncomingMessage } from 'node:http';

/** The one Next route of the REST surface (`app/api/v1/route.ts`): static, so Next matches it by name. */
export const REST_ROUTE_PATH = '/api/v1';

/** The URL the client asked for, set by the front on every request it hands to the REST route. */
export const REST_URL_HEADER = 'x-shipnote-rest-url';

/** The markdown twins of the public pages, for agents: `/changelog/<slug>.md` beside `/changelog/<slug>`. */
const MARKDOWN_TWIN = /^\/(?:changelog|blog|kb)\/[a-z0-9-]+\.md(?:\?|$)/;

/**
 * Hands `/api/v1/*` and the markdown twins to the REST surface's static route, keeping the asked URL in
 * a header that only the front sets. Next resolves a catch-all route (`[...path]`) or a rewrite on every
 * request, about 90 us of CPU each time (bench/README "Speed beside the floors"); a static one by name.
 */
export function routeToRestSurface(req: IncomingMessage): void {
  const url = req.url ?? '/';
  delete req.headers[REST_URL_HEADER];
  if (!isRestUrl(url)) return;
  req.headers[REST_URL_HEADER] = url;
  req.url = REST_ROUTE_PATH;
}

export function isRestUrl(url: string): boolean {
  // Next answers a trailing slash with its 308 to the URL without it, which then comes back here
  const query = url.indexOf('?');
  if ((query === -1 ? url : url.slice(0, query)).endsWith('/')) return false;
  if (url.startsWith(REST_ROUTE_PATH)) {
    const next = url.charCodeAt(REST_ROUTE_PATH.length);
    return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
  }
  return MARKDOWN_TWIN.test(url);
}
