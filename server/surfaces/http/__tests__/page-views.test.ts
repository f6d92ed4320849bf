import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { COUNTED_VIEW_HEADER, isCountedView } from '../counted-view';
import { countPublicPageView } from '../page-views';
import { insideOneRateWindow, randomClientIp } from '@/tests/http';

// The public page views the shared cache does not serve (query strings, the client router's RSC
// requests), over real HTTP with a stand-in for Next that records what it was asked to render.
let rendered: { url: string; counted: boolean }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const render = () => {
      const proof = req.headers[COUNTED_VIEW_HEADER] as string | undefined;
      rendered.push({ url: req.url ?? '', counted: proof !== undefined && isCountedView(new Headers({ [COUNTED_VIEW_HEADER]: proof })) });
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>page</html>');
    };
    if (!countPublicPageView(req, res, render)) render();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  rendered = [];
});

const get = (path: string, ip: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'x-shipnote-client-ip': ip, ...headers } });

it('counts each view of a public page once, with a query string or as an RSC request, and marks it counted for Next', async () => {
  await insideOneRateWindow();
  const ip = randomClientIp();
  const views = [get('/changelog/acme-1?utm_source=mail', ip), get('/pub/acme', ip, { rsc: '1' }), get('/kb/acme-docs?q=x', ip)];
  const answers = await Promise.all(views);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  expect(rendered.every((view) => view.counted)).toBe(true);
  // one count per view: three views leave 97 of the 100
  expect(Math.min(...answers.map((answer) => Number(answer.headers.get('ratelimit-remaining'))))).toBe(97);
});

it('answers the 429 itself once the visitor is past the limit, and Next is not asked to render', async () => {
  await insideOneRateWindow();
  const ip = randomClientIp();
  let last = await get('/blog/acme-post?page=1', ip);
  for (let i = 2; i <= 101 && last.status !== 429; i++) {
    await last.text();
    last = await get(`/blog/acme-post?page=${i}`, ip);
  }
  expect(last.status).toBe(429);
  expect(last.headers.get('retry-after')).not.toBeNull();
  expect(await last.json()).toEqual({ detail: expect.stringMatching(/rate limit/i) });
  expect(rendered).toHaveLength(100);
});

it('counts a page however its path is spelled, as Next reads it, malformed slugs included', async () => {
  const ip = randomClientIp();
  for (const path of ['/changelog/%61cme-1', '/changelog/./acme-1', '/blog/x/../acme-post', '/kb/Not_A_Slug', '/%63hangelog/acme-1']) {
    const status = await rawGet(path, ip);
    expect(status, path).toBe(200);
  }
  // Next renders the whole page for anything but exactly `rsc: 1` with `next-router-prefetch: 1`
  await get('/pub/acme', ip, { rsc: '0', 'next-router-prefetch': '1' });
  await get('/pub/acme', ip, { rsc: '1', 'next-router-prefetch': '2' });
  expect(rendered.map((view) => view.counted)).toEqual([true, true, true, true, true, true, true]);
});

it('leaves every other URL to Next uncounted: prefetches, markdown twins, deeper paths, paths Next redirects', async () => {
  const ip = randomClientIp();
  const prefetch = await get('/pub/acme', ip, { rsc: '1', 'next-router-prefetch': '1' });
  expect(prefetch.headers.get('ratelimit-limit')).toBeNull();
  for (const path of ['/dashboard', '/changelog/acme-1/extra', '/pub/acme/subscribe', '/changelog/acme-1.md', '/api/v1/changelog/acme-1', '/changelog/']) {
    const answer = await get(path, ip);
    expect(answer.headers.get('ratelimit-limit'), path).toBeNull();
  }
  // Next redirects these before it renders anything: counting them would count the view twice
  for (const path of ['/changelog\\acme-1', '//changelog/acme-1', '/changelog//acme-1']) await rawGet(path, ip);
  expect(rendered.map((view) => view.counted)).toEqual(Array.from({ length: 10 }, () => false));
});

/** A GET of the path exactly as written: fetch would resolve dot segments and backslashes itself. */
function rawGet(path: string, ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { path, headers: { 'x-shipnote-client-ip': ip } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
