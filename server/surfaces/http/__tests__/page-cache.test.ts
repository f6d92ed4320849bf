import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { publishInvalidation } from '@/server/cache-bus';
import { servePublicPage } from '../page-cache';

// The front's page cache over real HTTP, with a stand-in for Next's renderer that counts its renders
// and answers what a test sets: the cache decides what to keep and what to serve without it.
let renders = 0;
let answer: { status: number; headers: Record<string, string>; body: string; delayMs?: number };
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const render = () => {
      renders++;
      const { status, headers, body, delayMs = 0 } = answer;
      res.writeHead(status, headers);
      res.write(body.slice(0, 5)); // streamed in pieces, as Next does
      setTimeout(() => res.end(body.slice(5)), delayMs);
    };
    if (!servePublicPage(req, res, render)) render();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  publishInvalidation('content');
  renders = 0;
  answer = { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', Vary: 'rsc, Accept-Encoding' }, body: '<html>page one</html>' };
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

it('renders a public page once, then serves the same bytes with ETag, Cache-Control and 304', async () => {
  const first = await get('/changelog/acme-1-2-0');
  expect(await first.text()).toBe('<html>page one</html>');
  const second = await get('/changelog/acme-1-2-0');
  expect(await second.text()).toBe('<html>page one</html>');
  expect(renders).toBe(1);
  expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
  expect(second.headers.get('vary')).toBe('rsc, Accept-Encoding');
  expect(second.headers.get('ratelimit-limit')).toBe('100');
  const etag = second.headers.get('etag')!;
  const revalidated = await get('/changelog/acme-1-2-0', { 'if-none-match': etag });
  expect(revalidated.status).toBe(304);
  expect(await revalidated.text()).toBe('');
  // compressed once when kept, for clients that take it
  const gzipped = await new Promise<Buffer>((resolve) =>
    http.get(`${base}/changelog/acme-1-2-0`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      expect(res.headers['content-encoding']).toBe('gzip');
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
  expect(gunzipSync(gzipped).toString()).toBe('<html>page one</html>');
  expect(renders).toBe(1);
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

it('keeps only HTML 200s without cookies, and leaves RSC requests, other paths and HEAD misses to Next', async () => {
  answer = { ...answer, status: 404 };
  await get('/kb/missing');
  await get('/kb/missing');
  answer = { ...answer, status: 200, headers: { ...answer.headers, 'Set-Cookie': 'a=b' } };
  await get('/kb/cookie');
  await get('/kb/cookie');
  answer = { ...answer, headers: { 'Content-Type': 'text/html' } };
  await get('/pub/acme', { rsc: '1' });
  await get('/pub/acme', { rsc: '1' });
  await get('/pub/acme?tab=2');
  await get('/pub/acme?tab=2');
  await get('/p/acme/keys');
  await get('/p/acme/keys');
  await fetch(`${base}/changelog/head-first`, { method: 'HEAD' });
  await fetch(`${base}/changelog/head-first`, { method: 'HEAD' });
  expect(renders).toBe(12);
});
