import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@/server/context';
import { setRateLimiter } from '@/server/rate-limit/enforce';
import { RATE_LIMIT_GROUPS } from '@/server/rate-limit/groups';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { randomClientIp } from '@/tests/http';
import { limitAnonymousRender } from '../anonymous-renders';

let server: http.Server;
let base: string;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= 'anonymous-renders-test-secret';
  // one window for the whole file: a burst never straddles a minute
  setRateLimiter(createMemoryRateLimiter(() => 1_800_000_000_000));
  // the front as main.ts wires it, with "Next" answering what it is handed
  server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = String(req.headers['x-forwarded-for']);
    limitAnonymousRender(req, res, () => res.writeHead(200, { 'content-type': 'text/html' }).end('rendered'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The path sent as written (fetch would resolve its dot segments first), and the answer's status and headers. */
function get(path: string, ip: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + '/', { path, headers: { 'x-forwarded-for': ip, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answer.set(name, value);
        resolve({ status: res.statusCode!, headers: answer, text: async () => Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
  });
}

it('counts the pages rendered for a caller without a session per address: 429 with Retry-After past the limit', async () => {
  const ip = randomClientIp();
  const limit = RATE_LIMIT_GROUPS.pages;
  const answers = await Promise.all(Array.from({ length: limit + 1 }, (_, i) => get(i % 2 ? '/' : `/no-such-page-${i}`, ip)));
  expect(answers.filter((res) => res.status === 200)).toHaveLength(limit);
  const refused = answers.find((res) => res.status === 429)!;
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await refused.text()).toMatch(/^Rate limit of 300 requests per minute exceeded/);
  expect(answers[0]!.headers.get('ratelimit-limit')).toBe(String(limit));
  // another address is not held back
  expect((await get('/signin', randomClientIp())).status).toBe(200);
});

it('lets a signed-in member through, but not a forged session cookie; leaves what other limits count alone', async () => {
  const ip = randomClientIp();
  for (let i = 0; i < RATE_LIMIT_GROUPS.pages; i++) await get('/docs/api', ip);
  expect((await get('/docs/api', ip)).status).toBe(429);
  const sealed = await encode({ token: { sub: 'a-user-id' }, secret: process.env.NEXTAUTH_SECRET! });
  expect((await get('/dashboard', ip, { cookie: `theme=dark; next-auth.session-token=${sealed}` })).status).toBe(200);
  expect((await get('/dashboard', ip, { cookie: `next-auth.session-token=${sealed.slice(0, -4)}AAAA` })).status).toBe(429);
  expect((await get('/dashboard', ip, { cookie: 'next-auth.session-token=forged' })).status).toBe(429);
  // a link's prefetch renders the route tree only; the client router's full request is a render
  expect((await get('/signup', ip, { rsc: '1', 'next-router-prefetch': '1' })).status).toBe(200);
  expect((await get('/signup', ip, { rsc: '1' })).status).toBe(429);
  for (const path of ['/api/v1/health', '/api/trpc/projects.list', '/api/auth/session', '/mcp', '/oauth/authorize?client_id=x', '/_next/static/chunks/app.js', '/icon.svg']) {
    expect((await get(path, ip)).status, path).toBe(200);
  }
  // a page is a page however its path is spelled: Next resolves dot segments and percent-encoding
  for (const path of ['/api/trpc/../../docs/api', '/oauth/%2e%2e/signin', '/_next/static/../../', '/icon.svgx', '/api/nothing', '/oauth/nothing', '/mcp/x']) {
    expect((await get(path, ip)).status, path).toBe(429);
  }
});
