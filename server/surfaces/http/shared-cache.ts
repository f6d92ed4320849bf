import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { onInvalidation } from '../../cache-bus';
import { config } from '../../config';
import { logError } from '../../log';
import { requestOrigin } from '../../request-origin';
import { holdResponse } from './capture-response';
import { countView, PUBLIC_PAGE_SECTIONS, refuseView, renderCountedView, type ViewCount } from './page-views';
import { acceptsGzip, cacheControlOf, etagOf, gzipEtagOf, headerValue, matchesIfNoneMatch } from './conditional';

/**
 * The front's shared cache of public reads, as a CDN in front of Next would be: Next answers the first
 * request and the front serves the same bytes to everyone after it, each visitor still rate limited.
 * Published content is kept until any instance writes content (the invalidation bus clears every copy)
 * or for 30 seconds, what a lost bus message could leave stale; `/health` for a second, so a probe
 * flood costs one check a second.
 */
interface SharedRead {
  pattern: RegExp;
  /** Next's answer is kept when it is a 200 of this kind */
  keeps(contentType: string, cacheControl: string): boolean;
  /** replaces Next's own Cache-Control (it marks dynamic pages no-store) */
  cacheControl?: string;
  /** kept this long at most; every content write clears all */
  ttlMs: number;
  /** a request carrying credentials is left to Next: its actor may be limited otherwise */
  anonymousOnly: boolean;
  /** a miss is counted here too, before Next renders it (pages: page-views.ts); REST counts its own */
  countsMisses: boolean;
}

const PAGE_POLICY = { maxAge: 60, staleWhileRevalidate: 300 };
// as the content domain's own cache (server/content/cache.ts)
const CONTENT_TTL_MS = 30_000;
const SHARED_READS: SharedRead[] = [
  // the public pages (/changelog/<slug>, /blog/<slug>, /kb/<slug>, /pub/<project>)
  {
    pattern: new RegExp(`^/(?:${PUBLIC_PAGE_SECTIONS.join('|')})/[a-z0-9]+(?:-[a-z0-9]+)*$`),
    keeps: (type) => type.startsWith('text/html'),
    cacheControl: cacheControlOf(PAGE_POLICY),
    ttlMs: CONTENT_TTL_MS,
    anonymousOnly: false,
    countsMisses: true,
  },
  // published content through the REST surface: JSON, RSS feeds and markdown twins, all marked public
  {
    pattern: /^(?:\/api\/v1\/(?:changelog|blog|kb)s?(?:[/?]|$)|\/(?:changelog|blog|kb)\/[a-z0-9-]+\.md$)/,
    keeps: (_type, cacheControl) => cacheControl.startsWith('public'),
    ttlMs: CONTENT_TTL_MS,
    anonymousOnly: true,
    countsMisses: false,
  },
  { pattern: /^\/api\/v1\/health$/, keeps: (type) => type.startsWith('application/json'), ttlMs: 1_000, anonymousOnly: true, countsMisses: false },
];

/** What is never shared: the headers of one visitor's request or of one connection. */
const PER_REQUEST_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'etag', 'retry-after']);
/** What a 429 from the cache keeps of the answer: CORS, so a browser sees the 429, and framing rules. */
const KEPT_ON_REFUSAL = /^(?:access-control-|x-frame-options$|content-security-policy$|referrer-policy$|x-content-type-options$)/;
/**
 * The feed of a changelog of 25,000 one-line entries is 12 MB, and an answer this large costs every reader
 * a hash and an encoding of it when Next answers it (docs/content.md)
 */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;
/** query strings make endless keys: a few large answers of made-up URLs would push every other one out */
const MAX_QUERY_ENTRY_BYTES = 2 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** query strings make endless distinct URLs: entries are counted too, and each costs its key and headers */
const MAX_ENTRIES = 2_000;
const ENTRY_OVERHEAD_BYTES = 1_024;
const MAX_KEY_LENGTH = 1_024;
/** how long a miss waits for another request's render of the same URL (serveMiss) */
const WAIT_FOR_RENDER_MS = 500;
// as Next's compression: smaller bodies gain nothing from gzip
const GZIP_FROM_BYTES = 1_024;
// on the thread pool: compressing a 12 MB feed takes about 150 ms, which would hold every other request
const gzipOffLoop = promisify(gzip);

interface SharedAnswer {
  etag: string;
  body: Buffer;
  /** compressed once, when kept; null for small bodies */
  gzipped: Buffer | null;
  gzippedEtag: string | null;
  headers: Record<string, string>;
  expiresAt: number;
  size: number;
}

interface SharedCache {
  answers: Map<string, SharedAnswer>;
  bytes: number;
  /** misses Next is rendering now, by key: other requests for the same URL wait for their answer */
  pending: Map<string, Promise<SharedAnswer | null>>;
  /** bumped by every content write: a render that started before one is not kept */
  generation: number;
}

declare global {
  var __shipnoteSharedCache: SharedCache | undefined;
}

function cache(): SharedCache {
  if (!globalThis.__shipnoteSharedCache) {
    const state: SharedCache = { answers: new Map(), bytes: 0, pending: new Map(), generation: 0 };
    onInvalidation('content', () => {
      state.answers.clear();
      state.bytes = 0;
      // renders begun before the write are not kept: later requests begin their own
      state.pending.clear();
      state.generation++;
    });
    globalThis.__shipnoteSharedCache = state;
  }
  return globalThis.__shipnoteSharedCache;
}

/**
 * Serves a shared public read from the cache, or lets Next answer it (`render`) and keeps a 200 for the
 * next visitor. Returns false for every other request. Keyed by origin too: with APP_URL unset, links in
 * the answer follow the origin the visitor used.
 */
export function serveSharedRead(req: IncomingMessage, res: ServerResponse, render: () => void): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const read = url.length <= MAX_KEY_LENGTH ? SHARED_READS.find((candidate) => candidate.pattern.test(url)) : undefined;
  if (!read) return false;
  if (read.anonymousOnly && (req.headers.authorization || req.headers.cookie)) return false;
  // the client router asks a page's URL for its RSC payload: Next answers those
  if (req.headers.rsc || req.headers['next-router-state-tree']) return false;
  const state = cache();
  const key = `${requestOrigin() ?? config.appUrl}${url}`;
  const hit = freshAnswer(state, key);
  if (hit) {
    void answerFromCache(req, res, hit);
    return true;
  }
  // a page view is counted before anything else, as a hit is (page-views.ts); REST counts its own misses
  if (!read.countsMisses) void serveMiss(req, res, read, key, render);
  else void countView(req).then((count) => (count.refusal ? refuseView(res, count.refusal, count.headers) : serveMiss(req, res, read, key, render, count)));
  return true;
}

function freshAnswer(state: SharedCache, key: string): SharedAnswer | undefined {
  const answer = state.answers.get(key);
  if (answer && answer.expiresAt > performance.now()) return answer;
  if (answer) forget(state, key, answer);
  return undefined;
}

/**
 * A miss: the answer of a render of the same URL already in progress (the first readers after a
 * publish), else Next's own. A render takes tens of milliseconds; one that does not end within
 * WAIT_FOR_RENDER_MS (a reader that never reads holds Next's stream) holds nobody else.
 */
async function serveMiss(req: IncomingMessage, res: ServerResponse, read: SharedRead, key: string, render: () => void, count?: ViewCount) {
  // gone while its view was counted (a limiter over the network): nothing to render, nobody to hold
  if (req.socket.destroyed) return;
  const state = cache();
  const pending = state.pending.get(key);
  if (pending) {
    const answer = await Promise.race([pending, delay(WAIT_FOR_RENDER_MS, null)]);
    if (req.socket.destroyed) return; // gone while it waited
    const kept = answer ?? freshAnswer(state, key);
    if (kept) return answerFromCache(req, res, kept, count);
  }
  renderMiss(req, res, read, key, render, count);
}

/**
 * Next renders a miss; a 200 is kept for the next visitor, meanwhile shared with the same URL's other
 * misses, and this visitor is answered from the kept copy too: its ETag, and a 304 when the client (a
 * feed reader polling less often than copies are kept) already holds those bytes. A HEAD is rendered as
 * the GET it describes (Node sends no body on a HEAD's response), so it gets the headers a GET would.
 */
function renderMiss(req: IncomingMessage, res: ServerResponse, read: SharedRead, key: string, render: () => void, count?: ViewCount) {
  const state = cache();
  // GET or HEAD (serveSharedRead)
  const method = req.method;
  req.method = 'GET';
  const settle = awaitedBy(state, key);
  res.once('close', () => {
    req.method = method;
    // the client went away: whoever waited asks Next itself
    settle(null);
  });
  // uncompressed and whole from Next, so the bytes kept serve every visitor (compressed here once)
  const { 'accept-encoding': encodings, 'if-none-match': held } = req.headers;
  delete req.headers['accept-encoding'];
  delete req.headers['if-none-match'];
  const generation = state.generation;
  holdResponse(res, req.url?.includes('?') ? MAX_QUERY_ENTRY_BYTES : MAX_ENTRY_BYTES, {
    onWhole: (response, release) => {
      req.method = method; // Next's answer is whole
      const current = () => generation === state.generation;
      void (current() ? sharedAnswerOf(read, key, response) : Promise.resolve(null))
        // a content write before it was whole or while it was compressed: this render is not kept
        .then((made) => (made && current() ? made : null))
        .catch((error: unknown) => {
          logError('The shared cache could not keep an answer', error);
          return null;
        })
        .then((answer) => {
          settle(answer);
          if (!answer) return release();
          keep(state, key, answer);
          Object.assign(req.headers, { 'accept-encoding': encodings, 'if-none-match': held });
          // this visitor's own headers (its rate limit) go with the kept copy; the rest is the copy's
          const own = Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('ratelimit-')));
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          void answerFromCache(req, res, answer, { headers: own });
        });
    },
    // not a 200, or too large to keep: known before the last byte leaves
    onGiveUp: () => settle(null),
  });
  if (read.cacheControl) leaveWithCacheControl(res, read, read.cacheControl, () => generation === state.generation);
  if (count) renderCountedView(req, res, count, render);
  else render();
}

/**
 * The render leaves with the Cache-Control its kept copies carry, when it is an answer to keep: a CDN
 * in front then treats the first reader after a publish as every later one (Next marks it no-store).
 */
function leaveWithCacheControl(res: ServerResponse, read: SharedRead, cacheControl: string, current: () => boolean) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // headers handed to writeHead win over set ones: folded in first, so the rule below sees them
    const passed = rest.find((arg) => arg && typeof arg === 'object' && !Array.isArray(arg)) as Record<string, string> | undefined;
    if (passed) for (const [name, value] of Object.entries(passed)) res.setHeader(name, value);
    const type = String(res.getHeader('content-type') ?? '');
    // a content write since the render began (an unpublish) leaves it as Next marked it
    const keepable = status === 200 && current() && !res.hasHeader('set-cookie') && read.keeps(type, String(res.getHeader('cache-control') ?? ''));
    if (keepable) res.setHeader('cache-control', cacheControl);
    return writeHead(status, ...rest.filter((arg) => arg !== passed));
  }) as typeof res.writeHead;
}

/** Marks `key` as being rendered; the function returned hands the outcome to whoever waits for it. */
function awaitedBy(state: SharedCache, key: string): (answer: SharedAnswer | null) => void {
  let resolve!: (answer: SharedAnswer | null) => void;
  const outcome = new Promise<SharedAnswer | null>((done) => (resolve = done));
  state.pending.set(key, outcome);
  return (answer) => {
    if (state.pending.get(key) === outcome) state.pending.delete(key);
    resolve(answer);
  };
}

async function sharedAnswerOf(read: SharedRead, key: string, response: { status: number; headers: Map<string, string>; body: Buffer }): Promise<SharedAnswer | null> {
  const { status, headers: sent, body } = response;
  const contentType = sent.get('content-type') ?? '';
  if (status !== 200 || sent.has('set-cookie') || sent.has('content-encoding') || !read.keeps(contentType, sent.get('cache-control') ?? '')) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of sent) if (!PER_REQUEST_HEADERS.has(name) && !name.startsWith('ratelimit-')) headers[name] = value;
  if (read.cacheControl) headers['cache-control'] = read.cacheControl;
  const compressed = body.length >= GZIP_FROM_BYTES ? await gzipOffLoop(body) : null;
  // a body that does not shrink is sent as it is, and kept once
  const gzipped = compressed && compressed.length < body.length ? compressed : null;
  if (gzipped) headers.vary = [...new Set([...(headers.vary ?? '').split(/,\s*/), 'Accept-Encoding'].filter(Boolean))].join(', ');
  const size = ENTRY_OVERHEAD_BYTES + key.length + JSON.stringify(headers).length + body.length + (gzipped?.length ?? 0);
  const etag = etagOf(body);
  return { etag, body, gzipped, gzippedEtag: gzipped && gzipEtagOf(etag), headers, expiresAt: performance.now() + read.ttlMs, size };
}

/** Keeps an answer within the budgets, dropping the oldest first, and any expired one met on the way. */
function keep(state: SharedCache, key: string, answer: SharedAnswer) {
  const previous = state.answers.get(key);
  if (previous) forget(state, key, previous);
  const now = performance.now();
  for (const [oldestKey, oldest] of state.answers) {
    const full = state.bytes + answer.size > MAX_TOTAL_BYTES || state.answers.size >= MAX_ENTRIES;
    if (!full && oldest.expiresAt > now) break;
    forget(state, oldestKey, oldest);
  }
  state.answers.set(key, answer);
  state.bytes += answer.size;
}

function forget(state: SharedCache, key: string, answer: SharedAnswer) {
  state.answers.delete(key);
  state.bytes -= answer.size;
}

/** `count`: the visitor's view when it was counted already (a page miss that waited for another's render). */
async function answerFromCache(req: IncomingMessage, res: ServerResponse, answer: SharedAnswer, count?: ViewCount) {
  const { headers, refusal } = count ?? (await countView(req));
  if (refusal) {
    for (const [name, value] of Object.entries(answer.headers)) if (KEPT_ON_REFUSAL.test(name)) headers[name] = value;
    return refuseView(res, refusal, headers);
  }
  const gzip = answer.gzipped && acceptsGzip(req.headers['accept-encoding']);
  Object.assign(headers, answer.headers, { etag: gzip ? answer.gzippedEtag : answer.etag });
  const ifNoneMatch = headerValue(req.headers['if-none-match']);
  if (matchesIfNoneMatch(ifNoneMatch, answer.etag) || matchesIfNoneMatch(ifNoneMatch, answer.gzippedEtag)) {
    delete headers['content-type'];
    return void res.writeHead(304, headers).end();
  }
  const body = gzip ? answer.gzipped! : answer.body;
  res.writeHead(200, { ...headers, 'content-length': String(body.length), ...(gzip && { 'content-encoding': 'gzip' }) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** How much the cache holds now, and how many renders others may wait for (tests, and the bench's memory notes). */
export function sharedCacheSize(): { entries: number; bytes: number; rendering: number } {
  const state = cache();
  return { entries: state.answers.size, bytes: state.bytes, rendering: state.pending.size };
}

