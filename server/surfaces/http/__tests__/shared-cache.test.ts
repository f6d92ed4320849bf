import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { publishInvalidation } from '@/server/cache-bus';
import { COUNTED_VIEW_HEADER, isCountedView } from '../counted-view';
import { serveSharedRead, sharedCacheSize } from '../shared-cache';
import { setRateLimiter } from '@/server/rate-limit/enforce';
import type { RateLimitGroup } from '@/server/rate-limit/groups';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { insideOneRateWindow } from '@/tests/http';

// The front's shared cache over real HTTP, with a stand-in for Next's renderer that counts its renders
// and answers what a test sets: the cache decides what to keep and what to serve without it.
let renders = 0;
const memoryLimiter = createMemoryRateLimiter();
/** the counted-view header of each request Next was asked to render */
let countedViews: (string | undefined)[] = [];
/** the method of each render Next was asked for, and the request's method once it was answered */
let methods: (string | undefined)[] = [];
const CURRENT_TAG = '"current"';
let answer: { status: number; headers: Record<string, string>; body: string; delayMs?: number; headDelayMs?: number };
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const render = () => {
      renders++;
      methods.push(req.method);
      res.once('close', () => methods.push(`${req.method} after`));
      countedViews.push(req.headers[COUNTED_VIEW_HEADER] as string | undefined);
      // as the REST surface answers a client that holds the current bytes
      if (req.headers['if-none-match'] === CURRENT_TAG) return void res.writeHead(304).end();
      const { status, headers, body, delayMs = 0, headDelayMs = 0 } = answer;
      const respond = () => {
        res.writeHead(status, headers);
        res.write(body.slice(0, 5)); // streamed in pieces, as Next does
        setTimeout(() => res.end(body.slice(5)), delayMs);
      };
      if (headDelayMs) setTimeout(respond, headDelayMs);
      else respond();
    };
    if (!serveSharedRead(req, res, render)) render();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  publishInvalidation('content');
  renders = 0;
  countedViews = [];
  methods = [];
  answer = { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', Vary: 'rsc', 'X-Frame-Options': 'DENY' }, body: PAGE_ONE };
});

// over 1 KB, so it is kept compressed too
const PAGE_ONE = `<html>page one${' '.repeat(1_100)}</html>`;

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

it('renders a public page once, then serves the same bytes and headers with ETag, Cache-Control and 304', async () => {
  answer.headers['Cache-Control'] = 'private, no-cache, no-store, max-age=0, must-revalidate'; // as Next marks a dynamic page
  const first = await get('/changelog/acme-1-2-0');
  expect(await first.text()).toBe(PAGE_ONE);
  // the render itself leaves as its copies will, so a CDN keeps the first reader's answer too
  expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
  const second = await get('/changelog/acme-1-2-0');
  expect(await second.text()).toBe(PAGE_ONE);
  expect(renders).toBe(1);
  expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
  expect(second.headers.get('vary')).toBe('rsc, Accept-Encoding');
  expect(second.headers.get('x-frame-options')).toBe('DENY');
  expect(second.headers.get('ratelimit-limit')).toBe('100');
  const etag = second.headers.get('etag')!;
  const revalidated = await get('/changelog/acme-1-2-0', { 'if-none-match': etag });
  expect(revalidated.status).toBe(304);
  expect(await revalidated.text()).toBe('');
  // compressed once when kept, for clients that take it
  let gzippedEtag: string | undefined;
  const gzipped = await new Promise<Buffer>((resolve) =>
    http.get(`${base}/changelog/acme-1-2-0`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      expect(res.headers['content-encoding']).toBe('gzip');
      gzippedEtag = res.headers.etag;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
  expect(gunzipSync(gzipped).toString()).toBe(PAGE_ONE);
  expect(renders).toBe(1);
  // a strong validator names one representation: the gzip coding has a tag of its own, and either matches
  const plain = await get('/changelog/acme-1-2-0', { 'accept-encoding': 'identity' });
  const plainEtag = plain.headers.get('etag')!;
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(gzippedEtag).toBe(`${plainEtag.slice(0, -1)}-gzip"`);
  for (const tag of [plainEtag, gzippedEtag!, `W/${gzippedEtag}`]) {
    expect((await get('/changelog/acme-1-2-0', { 'accept-encoding': 'identity', 'if-none-match': tag })).status).toBe(304);
  }
});

it('renders again after any content write, and never keeps a render that started before it', async () => {
  await get('/blog/acme-post');
  publishInvalidation('content');
  answer = { ...answer, body: '<html>page two</html>', delayMs: 100 };
  const slow = get('/blog/acme-post');
  await new Promise((resolve) => setTimeout(resolve, 30));
  publishInvalidation('content'); // an unpublish while the page was being rendered
  expect(await (await slow).text()).toBe('<html>page two</html>');
  answer = { ...answer, body: '<html>page three</html>', delayMs: 0 };
  expect(await (await get('/blog/acme-post')).text()).toBe('<html>page three</html>');
  expect(renders).toBe(3);
});

it('lets a render that began before a content write leave as Next marked it, not public', async () => {
  answer = { ...answer, headers: { ...answer.headers, 'Cache-Control': 'private, no-store' }, headDelayMs: 100 };
  const slow = get('/blog/acme-unpublished');
  await new Promise((resolve) => setTimeout(resolve, 30));
  publishInvalidation('content'); // an unpublish before the render's first byte
  expect((await slow).headers.get('cache-control')).toBe('private, no-store');
  answer = { ...answer, headDelayMs: 0 };
  const fresh = await get('/blog/acme-unpublished');
  expect(fresh.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
});

it('leaves a miss that is not kept as Next marked it: a 404, a Set-Cookie', async () => {
  answer = { ...answer, status: 404, headers: { ...answer.headers, 'Cache-Control': 'private, no-store' } };
  expect((await get('/blog/acme-missing')).headers.get('cache-control')).toBe('private, no-store');
  answer = { ...answer, status: 200, headers: { ...answer.headers, 'Set-Cookie': 'a=b' } };
  expect((await get('/blog/acme-cookie')).headers.get('cache-control')).toBe('private, no-store');
});

it('renders a URL once however many visitors miss it at the same time, each answered with their own count', async () => {
  answer = { ...answer, delayMs: 100 };
  const visitors = ['192.0.2.61', '192.0.2.62', '192.0.2.63', '192.0.2.64', '192.0.2.65'];
  const answers = await Promise.all(visitors.map((ip) => get('/changelog/acme-rush', { 'x-shipnote-client-ip': ip })));
  expect(await Promise.all(answers.map((a) => a.text()))).toEqual(visitors.map(() => PAGE_ONE));
  expect(renders).toBe(1);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  // every visitor counted once, the one Next rendered for included
  expect(answers.map((a) => Number(a.headers.get('ratelimit-remaining')))).toEqual(visitors.map(() => 99));
});

it('lets each waiting visitor be answered by Next when the first answer is not kept', async () => {
  answer = { ...answer, status: 404, delayMs: 50 };
  const answers = await Promise.all([1, 2, 3].map(() => get('/kb/acme-gone')));
  expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
  expect(renders).toBe(3);
});

it('does not let a render that is slow to finish hold the others: past a short wait, each asks Next itself', async () => {
  answer = { ...answer, delayMs: 1_500 };
  const finished: string[] = [];
  const first = get('/changelog/acme-slow').then(async (a) => finished.push(`first ${await a.text() === PAGE_ONE}`));
  await new Promise((resolve) => setTimeout(resolve, 20));
  answer = { ...answer, delayMs: 0 };
  const second = get('/changelog/acme-slow').then(async (a) => finished.push(`second ${await a.text() === PAGE_ONE}`));
  await Promise.all([first, second]);
  expect(finished).toEqual(['second true', 'first true']);
  expect(renders).toBe(2);
});

it('lets the others ask Next at once when the first answer cannot be kept, without waiting for its end', async () => {
  answer = { ...answer, status: 404, delayMs: 300 };
  const finished: number[] = [];
  const first = get('/kb/acme-missing').then(async (a) => (await a.text(), finished.push(1)));
  await new Promise((resolve) => setTimeout(resolve, 20));
  answer = { ...answer, delayMs: 0 };
  const second = get('/kb/acme-missing').then(async (a) => (await a.text(), finished.push(2)));
  await Promise.all([first, second]);
  expect(finished).toEqual([2, 1]);
});

it('leaves no render for others to wait on when a visitor leaves while the view is being counted', async () => {
  // a limiter over the network answers later than the client may stay
  const slowLimiter = { check: async (group: RateLimitGroup, key: string) => (await delay(50), memoryLimiter.check(group, key)) };
  setRateLimiter(slowLimiter);
  try {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    socket.write('GET /changelog/acme-gone-early HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await delay(10);
    socket.destroy();
    await delay(100);
    expect(sharedCacheSize().rendering).toBe(0);
    expect(renders).toBe(0);
  } finally {
    setRateLimiter(undefined);
  }
});

it('does not make visitors after a content write wait for a render that began before it', async () => {
  answer = { ...answer, body: '<html>before</html>', delayMs: 150 };
  const finished: string[] = [];
  const before = get('/blog/acme-write').then(async (a) => finished.push(await a.text()));
  await new Promise((resolve) => setTimeout(resolve, 30));
  publishInvalidation('content');
  answer = { ...answer, body: '<html>after</html>', delayMs: 0 };
  const after = get('/blog/acme-write').then(async (a) => finished.push(await a.text()));
  await Promise.all([before, after]);
  expect(finished).toEqual(['<html>after</html>', '<html>before</html>']);
  expect(renders).toBe(2);
});

it('keeps only HTML 200s without cookies, and leaves RSC requests and other paths to Next', async () => {
  answer = { ...answer, status: 404 };
  await (await get('/kb/missing')).text();
  await (await get('/kb/missing')).text();
  answer = { ...answer, status: 200, headers: { ...answer.headers, 'Set-Cookie': 'a=b' } };
  await (await get('/kb/cookie')).text();
  await (await get('/kb/cookie')).text();
  answer = { ...answer, headers: { 'Content-Type': 'text/html' } };
  await (await get('/pub/acme', { rsc: '1' })).text();
  await (await get('/pub/acme', { rsc: '1' })).text();
  await (await get('/pub/acme?tab=2')).text();
  await (await get('/pub/acme?tab=2')).text();
  await (await get('/p/acme/keys')).text();
  await (await get('/p/acme/keys')).text();
  expect(renders).toBe(10);
});

it('renders a HEAD miss as its GET: the same headers as every later answer, no body, and kept for the next reader', async () => {
  answer.headers['Cache-Control'] = 'private, no-cache, no-store, max-age=0, must-revalidate';
  const headers = (res: Response) => Object.fromEntries(['etag', 'cache-control', 'content-length', 'content-type', 'x-frame-options'].map((name) => [name, res.headers.get(name)]));
  const miss = await fetch(`${base}/changelog/head-first`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  expect(miss.status).toBe(200);
  expect(await miss.text()).toBe('');
  const again = await fetch(`${base}/changelog/head-first`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  const read = await get('/changelog/head-first');
  expect(await read.text()).toBe(PAGE_ONE);
  expect(renders).toBe(1);
  expect(headers(miss)).toEqual(headers(read));
  expect(headers(again)).toEqual(headers(read));
  expect(miss.headers.get('etag')).toMatch(/^"/);
  expect(miss.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');

  expect(methods).toEqual(['GET', 'HEAD after']);

  // compressed, and revalidated, as a GET would be
  publishInvalidation('content');
  const gzipHead = await fetch(`${base}/changelog/head-first`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
  expect(gzipHead.headers.get('content-encoding')).toBe('gzip');
  expect(gzipHead.headers.get('etag')).toMatch(/-gzip"$/);
  const gzipGet = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/changelog/head-first`, { headers: { 'accept-encoding': 'gzip' } }, resolve));
  gzipGet.resume();
  expect([gzipHead.headers.get('etag'), gzipHead.headers.get('content-length')]).toEqual([gzipGet.headers.etag, gzipGet.headers['content-length']]);
  publishInvalidation('content');
  const revalidated = await fetch(`${base}/changelog/head-first`, { method: 'HEAD', headers: { 'accept-encoding': 'identity', 'if-none-match': miss.headers.get('etag')! } });
  expect(revalidated.status).toBe(304);
  expect(renders).toBe(3);
});

it('shares a HEAD miss render with the GETs that arrive meanwhile, and sends a render it cannot keep as Next wrote it, with its length and no body', async () => {
  answer = { ...answer, delayMs: 100 };
  const head = fetch(`${base}/kb/head-shared`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  await delay(20);
  const read = await get('/kb/head-shared');
  expect(await read.text()).toBe(PAGE_ONE);
  expect((await head).headers.get('etag')).toBe(read.headers.get('etag'));
  expect(renders).toBe(1);

  // an unpublish while the HEAD's render was being written: not kept, sent as Next wrote it
  const written = fetch(`${base}/kb/head-written`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  await delay(20);
  publishInvalidation('content');
  const released = await written;
  expect(released.status).toBe(200);
  expect(await released.text()).toBe('');
  expect(released.headers.get('content-length')).toBe(String(Buffer.byteLength(PAGE_ONE)));
  expect(released.headers.get('etag')).toBeNull();
  expect(methods.slice(2)).toEqual(['GET', 'HEAD after']);

  // not a 200: Next's own answer, still without a body
  answer = { ...answer, status: 404, body: '<html>missing</html>', delayMs: 0 };
  const missing = await fetch(`${base}/changelog/head-missing`, { method: 'HEAD' });
  expect(missing.status).toBe(404);
  expect(await missing.text()).toBe('');
  await fetch(`${base}/changelog/head-missing`, { method: 'HEAD' });
  expect(renders).toBe(4);
  expect(methods.slice(4)).toEqual(['GET', 'HEAD after', 'GET', 'HEAD after']);
});

const CONTENT = { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300', 'Access-Control-Allow-Origin': '*' };

it('serves published content of the REST surface from memory until a content write, for anonymous readers only', async () => {
  answer = { status: 200, headers: { ...CONTENT, 'RateLimit-Remaining': '100' }, body: '{"title":"one"}' };
  for (const path of ['/api/v1/changelog/acme-1', '/api/v1/changelogs?project=acme', '/api/v1/blog/acme-1/feed', '/changelog/acme-1.md']) {
    await (await get(path)).text(); // kept when its last byte left
    const again = await get(path);
    expect(await again.text()).toBe('{"title":"one"}');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(again.headers.get('cache-control')).toBe(CONTENT['Cache-Control']);
    // the visitor's own count (at most 99), not the one Next sent to whoever was first
    expect(again.headers.get('ratelimit-remaining')).not.toBe('100');
    expect(again.headers.get('content-encoding')).toBeNull();
  }
  expect(renders).toBe(4);
  // a token or a session: that actor's own limits apply, so Next answers
  await (await get('/api/v1/changelog/acme-1', { authorization: 'Bearer service_key_x' })).text();
  await (await get('/api/v1/changelog/acme-1', { cookie: 'session=1' })).text();
  expect(renders).toBe(6);
  publishInvalidation('content');
  answer = { ...answer, body: '{"title":"two"}' };
  expect(await (await get('/api/v1/changelog/acme-1')).text()).toBe('{"title":"two"}');
  expect(renders).toBe(7);
});

it('keeps no REST answer that is not public, and nothing outside the public reads', async () => {
  answer = { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }, body: '{}' };
  await (await get('/api/v1/changelog/acme-1')).text();
  await (await get('/api/v1/changelog/acme-1')).text();
  answer = { ...answer, headers: CONTENT };
  await (await get('/api/v1/email/lists')).text();
  await (await get('/api/v1/email/lists')).text();
  await (await get('/api/v1/banner?key=acme')).text();
  await (await get('/api/v1/banner?key=acme')).text();
  expect(renders).toBe(6);
});

it('keeps /health for one second', async () => {
  answer = { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"status":"healthy","version":"1.0.0"}' };
  await (await get('/api/v1/health')).text();
  expect(await (await get('/api/v1/health')).json()).toEqual({ status: 'healthy', version: '1.0.0' });
  expect(renders).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  answer = { status: 503, headers: { 'Content-Type': 'application/json' }, body: '{"status":"degraded","version":"1.0.0"}' };
  expect((await get('/api/v1/health')).status).toBe(503);
  expect((await get('/api/v1/health')).status).toBe(503);
  expect(renders).toBe(3);
});

it('keeps CORS and framing headers on a 429 it answers, and honours gzip;q=0', async () => {
  await insideOneRateWindow();
  answer = { status: 200, headers: { ...CONTENT }, body: `{"title":"${'x'.repeat(2_000)}"}` };
  const client = { 'x-shipnote-client-ip': '198.51.100.7' };
  await (await get('/api/v1/changelog/acme-cors', client)).text();
  const refused = await get('/api/v1/changelog/acme-cors', { ...client, 'accept-encoding': 'gzip;q=0, identity' });
  expect(refused.headers.get('content-encoding')).toBeNull();
  let last = refused;
  for (let i = 0; i < 100 && last.status !== 429; i++) {
    await last.text();
    last = await get('/api/v1/changelog/acme-cors', client);
  }
  expect(last.status).toBe(429);
  expect(last.headers.get('access-control-allow-origin')).toBe('*');
  expect(last.headers.get('retry-after')).not.toBeNull();
  expect(renders).toBe(1);
});

it('holds a bounded number of answers however many query strings are asked', async () => {
  answer = { status: 200, headers: { ...CONTENT }, body: '[]' };
  for (let i = 0; i < 2_100; i++) {
    // a client per request: the limit is not what bounds the cache here
    await (await get(`/api/v1/blogs?q=${i}`, { 'x-shipnote-client-ip': `10.0.${i >> 8}.${i & 255}` })).text();
  }
  expect(renders).toBe(2_100);
  const { entries, bytes } = sharedCacheSize();
  expect(entries).toBe(2_000);
  // each entry is counted with its key and headers, not only its 2-byte body
  expect(bytes).toBeGreaterThan(2_000 * 1_024);
});

it('fills the cache from a revalidating client too, then answers it 304', async () => {
  answer = { status: 200, headers: { ...CONTENT }, body: '{"title":"polled"}' };
  // a feed reader that holds the current bytes, after an unrelated write emptied the cache
  const first = await get('/api/v1/changelog/acme-1/feed', { 'if-none-match': CURRENT_TAG });
  expect(first.status).toBe(200);
  expect(await first.text()).toBe('{"title":"polled"}');
  const etag = (await get('/api/v1/changelog/acme-1/feed')).headers.get('etag')!;
  expect((await get('/api/v1/changelog/acme-1/feed', { 'if-none-match': etag })).status).toBe(304);
  expect(renders).toBe(1);
});

it('answers a revalidating client 304 on a miss too, when the render is the bytes it holds (a feed polled less often than copies are kept)', async () => {
  answer = { status: 200, headers: { ...CONTENT, 'RateLimit-Limit': '100' }, body: '{"title":"polled"}' };
  const etag = (await get('/api/v1/changelog/acme-2/feed')).headers.get('etag')!;
  publishInvalidation('content'); // an unrelated write, or the copy's 30 seconds, since
  const polled = await get('/api/v1/changelog/acme-2/feed', { 'if-none-match': etag });
  expect(polled.status).toBe(304);
  expect(polled.headers.get('etag')).toBe(etag);
  expect(polled.headers.get('ratelimit-limit')).toBe('100'); // the visitor's own, as the REST surface set them
  expect(renders).toBe(2);
  // and the render was kept for the next visitor
  expect(await (await get('/api/v1/changelog/acme-2/feed')).text()).toBe('{"title":"polled"}');
  expect(renders).toBe(2);
});

it('gives the first visitor of a page the ETag and headers every later one gets', async () => {
  const first = await get('/kb/acme-help');
  const second = await get('/kb/acme-help');
  expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  expect(first.headers.get('etag')).toBe(second.headers.get('etag'));
  expect(first.headers.get('vary')).toBe(second.headers.get('vary'));
  expect(first.headers.get('content-length')).toBe(String(PAGE_ONE.length));
  expect(renders).toBe(1);
  // compressed for the first visitor that takes it, as for every later one
  publishInvalidation('content');
  const zipped = await new Promise<string | undefined>((resolve) =>
    http.get(`${base}/kb/acme-help`, { headers: { 'accept-encoding': 'gzip' } }, (res) => resolve(res.resume().headers['content-encoding'])),
  );
  expect(zipped).toBe('gzip');
  expect(renders).toBe(2);
});

it('keeps a feed of megabytes, plain and compressed, so no later reader costs a render', async () => {
  const entries = Array.from({ length: 40_000 }, (_, i) => `<item><title>Entry ${i}</title><description>&lt;li&gt;e${i}&lt;/li&gt;</description></item>`);
  const feed = `<rss><channel>${entries.join('')}</channel></rss>`;
  expect(feed.length).toBeGreaterThan(3 * 1024 * 1024);
  answer = { status: 200, headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' }, body: feed };
  expect(await (await get('/api/v1/changelog/acme-long/feed')).text()).toBe(feed);
  const zipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve) =>
    http.get(`${base}/api/v1/changelog/acme-long/feed`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }),
  );
  expect(zipped.encoding).toBe('gzip');
  expect(gunzipSync(zipped.body).toString()).toBe(feed);
  expect(renders).toBe(1);
  // query strings make endless keys: a made-up one keeps its answer only up to 2 MB
  for (let i = 0; i < 2; i++) expect(await (await get('/api/v1/changelog/acme-long/feed?made-up=1')).text()).toBe(feed);
  expect(renders).toBe(3);
  expect(await (await get('/api/v1/changelog/acme-long/feed')).text()).toBe(feed);
  expect(renders).toBe(3);
});

it('keeps an answer that gzip does not shrink once, and sends it plain to every client', async () => {
  const noise = randomBytes(64 * 1024);
  answer = { status: 200, headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'public, max-age=60' }, body: noise as unknown as string };
  for (let i = 0; i < 2; i++) {
    const read = await get('/api/v1/changelog/acme-noise', { 'accept-encoding': 'gzip' });
    expect(read.headers.get('content-encoding')).toBeNull();
    expect(read.headers.get('vary')).toBeNull();
    expect(Buffer.from(await read.arrayBuffer()).equals(noise)).toBe(true);
  }
  expect(renders).toBe(1);
  expect(sharedCacheSize().bytes).toBeLessThan(2 * noise.length);
});

it('streams a render too large to keep through whole, and keeps nothing of it', async () => {
  answer = { ...answer, body: `<html>${'x'.repeat(17 * 1024 * 1024)}</html>` };
  const large = await get('/blog/acme-huge');
  expect(large.status).toBe(200);
  expect((await large.text()).length).toBe(answer.body.length);
  await (await get('/blog/acme-huge')).text();
  expect(renders).toBe(2);
  expect(sharedCacheSize().rendering).toBe(0);
});

it('counts a page view once, hit or miss: Next renders a miss marked as counted, and a visitor past the limit gets the 429', async () => {
  await insideOneRateWindow();
  const client = { 'x-shipnote-client-ip': '203.0.113.9' };
  await (await get('/changelog/acme-counted', client)).text();
  await (await get('/api/v1/changelog/acme-counted', client)).text();
  // the page's procedures see a view the front counted; the REST surface counts its own requests
  expect(countedViews.map((value) => value !== undefined && isCountedView(new Headers({ [COUNTED_VIEW_HEADER]: value })))).toEqual([true, false]);
  let last = await get('/changelog/acme-counted', client);
  for (let i = 0; i < 100 && last.status !== 429; i++) {
    await last.text();
    last = await get('/changelog/acme-counted', client);
  }
  expect(last.status).toBe(429);
  publishInvalidation('content');
  const refusedMiss = await get('/changelog/acme-counted', client);
  expect(refusedMiss.status).toBe(429);
  expect(refusedMiss.headers.get('retry-after')).not.toBeNull();
  expect(renders).toBe(2);
});
