import { createHash } from 'node:crypto';
import Negotiator from 'negotiator';
import { boundedMemo } from '../../bounded-memo';
import type { HttpCachePolicy } from '../../trpc';

export function cacheControlOf(policy: HttpCachePolicy, scope: 'public' | 'private' = 'public'): string {
  return `${scope}, max-age=${policy.maxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

/** A strong validator of the exact bytes served. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 13.1.2: `*`, or any listed tag equal to ours under weak comparison. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string | null): boolean {
  if (!header || !etag) return false;
  // what a browser or CDN sends back, as it was sent: no list to split
  if (header === etag || header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

const GZIP_TAG_END = '-gzip"';

/**
 * The ETag of the gzip coding of the body `etag` names: a strong validator stands for one representation
 * (RFC 9110 8.8.3). A request naming either tag matches: both code the same content.
 */
export function gzipEtagOf(etag: string): string {
  return `${etag.slice(0, -1)}${GZIP_TAG_END}`;
}

/** Whether a tag is one `gzipEtagOf` made. */
export function isGzipEtag(etag: string): boolean {
  return etag.endsWith(GZIP_TAG_END);
}

/**
 * A cacheable 200 with ETag and Cache-Control, or a bodiless 304 when the client already holds it.
 * `headers` (rate limit headers, Content-Type, a Cache-Control already chosen) are kept on both.
 */
export function conditionalResponse(req: Request, body: string, headers: Headers, policy?: HttpCachePolicy): Response {
  const etag = etagOf(body);
  headers.set('ETag', etag);
  if (policy) headers.set('Cache-Control', cacheControlOf(policy));
  if (matchesIfNoneMatch(req.headers.get('if-none-match'), etag)) {
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
}

/** A node request header as one string: repeated ones joined, as fetch's Headers would. */
export function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/**
 * Whether a request's `Accept-Encoding` takes gzip over identity (q-values honoured). Browsers send a few
 * distinct headers, so each is negotiated once: a negotiation costs about 0.7 us, and the public reads and
 * the widget that ask are answered in 20-30 us.
 */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = headerValue(acceptEncoding) ?? '';
  // no browser sends more; negotiating a 16 KB header would cost a stranger's request about 1 ms, and
  // the plain body is acceptable to any client
  return header.length <= MAX_NEGOTIATED_LENGTH && gzipAccepted(header);
}

const MAX_NEGOTIATED_LENGTH = 256;

const gzipAccepted = boundedMemo(
  (header) => new Negotiator({ headers: { 'accept-encoding': header } }).encoding(['gzip', 'identity']) === 'gzip',
  { maxEntries: 100, maxKeyLength: MAX_NEGOTIATED_LENGTH },
);
