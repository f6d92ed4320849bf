import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { onInvalidation } from '../../cache-bus';
import { config } from '../../config';
import { CLIENT_IP_HEADER } from '../../context';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { requestOrigin } from '../../request-origin';
import { HeaderBag } from './banner';
import { cacheControlOf, etagOf, matchesIfNoneMatch } from './conditional';

/**
 * The public pages of published content (/changelog/<slug>, /blog/<slug>, /kb/<slug>, /pub/<project>),
 * rendered by Next once and then served from memory with ETag/304, until any instance writes content
 * (the invalidation bus clears every copy). Next sees only the first request after each write.
 */
const PAGE_PATH = /^\/(?:changelog|blog|kb|pub)\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POLICY = { maxAge: 60, staleWhileRevalidate: 300 };
const MAX_ENTRIES = 1_000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

interface CachedPage {
  etag: string;
  body: Buffer;
  /** compressed once, when kept */
  gzipped: Buffer;
  contentType: string;
  /** Next's own Vary (its RSC requests share the URL) */
  vary: string;
}

interface PageCache {
  pages: Map<string, CachedPage>;
  /** bumped by every invalidation: a render that started before one is not kept */
  generation: number;
}

declare global {
  var __shipnotePageCache: PageCache | undefined;
}

function cache(): PageCache {
  if (!globalThis.__shipnotePageCache) {
    const state: PageCache = { pages: new Map(), generation: 0 };
    onInvalidation('content', () => {
      state.pages.clear();
      state.generation++;
    });
    globalThis.__shipnotePageCache = state;
  }
  return globalThis.__shipnotePageCache;
}

/**
 * Serves a public page from the cache, or lets Next render it (`render`) and keeps a 200 for the next
 * visitor. Returns false for every other request. The page is keyed by origin too: with APP_URL unset
 * its links follow the origin the visitor used.
 */
export function servePublicPage(req: IncomingMessage, res: ServerResponse, render: () => void): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !PAGE_PATH.test(req.url ?? '')) return false;
  // the client router asks the same URL for its RSC payload: Next answers those
  if (req.headers.rsc || req.headers['next-router-state-tree']) return false;
  const key = `${requestOrigin() ?? config.appUrl}${req.url}`;
  const hit = cache().pages.get(key);
  if (hit) {
    void answerFromCache(req, res, hit);
    return true;
  }
  if (req.method === 'GET') {
    // uncompressed from Next, so the bytes kept serve every visitor; compressed here once
    delete req.headers['accept-encoding'];
    keepWhatNextRenders(key, res);
  }
  render();
  return true;
}

async function answerFromCache(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  const bag = new HeaderBag();
  const headers = bag.values;
  try {
    // the same public limit Next's render would have applied
    await enforceRateLimit({ clientIp: String(req.headers[CLIENT_IP_HEADER] ?? '127.0.0.1'), resHeaders: bag as unknown as Headers }, 'general');
  } catch (error) {
    const retryAfter = headers['Retry-After'];
    if (!retryAfter) logError('public page rate limit failed', error);
    res.writeHead(retryAfter ? 429 : 503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(retryAfter ? 'Too many requests' : 'Unavailable');
    return;
  }
  Object.assign(headers, { ETag: page.etag, 'Cache-Control': cacheControlOf(POLICY), Vary: page.vary });
  if (matchesIfNoneMatch(headerValue(req.headers['if-none-match']), page.etag)) return void res.writeHead(304, headers).end();
  const gzip = /\bgzip\b/.test(headerValue(req.headers['accept-encoding']) ?? '');
  const body = gzip ? page.gzipped : page.body;
  res.writeHead(200, { ...headers, 'Content-Type': page.contentType, 'Content-Length': String(body.length), ...(gzip && { 'Content-Encoding': 'gzip' }) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Collects the bytes Next writes for `key` and keeps a complete, cookie-free HTML 200. */
function keepWhatNextRenders(key: string, res: ServerResponse) {
  const state = cache();
  const generation = state.generation;
  const chunks: Buffer[] = [];
  let size = 0;
  // headers handed to writeHead are not readable through getHeader unless setHeader ran first
  const passed = new Map<string, string>();
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg) => arg && typeof arg === 'object') as Record<string, unknown> | undefined;
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) passed.set(name.toLowerCase(), String(value));
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  const header = (name: string) => String(res.getHeader(name) ?? passed.get(name) ?? '');
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_PAGE_BYTES) return;
    const buffer =
      typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const contentType = header('content-type');
    const keep =
      res.statusCode === 200 &&
      contentType.startsWith('text/html') &&
      !header('set-cookie') &&
      !header('content-encoding') &&
      size <= MAX_PAGE_BYTES &&
      state.generation === generation;
    if (keep) {
      if (state.pages.size >= MAX_ENTRIES) state.pages.delete(state.pages.keys().next().value!);
      const body = Buffer.concat(chunks);
      const vary = [header('vary'), 'Accept-Encoding'].filter(Boolean).join(', ');
      state.pages.set(key, { etag: etagOf(body), body, gzipped: gzipSync(body), contentType, vary: [...new Set(vary.split(/,\s*/))].join(', ') });
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}
