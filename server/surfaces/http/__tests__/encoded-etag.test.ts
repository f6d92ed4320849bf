import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishInvalidation } from '@/server/cache-bus';
import { conditionalResponse } from '../conditional';
import { tagEncodedAnswers } from '../encoded-etag';
import { serveSharedRead } from '../shared-cache';

// Next's own compression middleware, run after the front handed the request over, as Next's router does
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware;

const BODY = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Entry ${i}` })) });
let server: http.Server;
let base: string;

beforeAll(async () => {
  const compress = compression();
  // as main.ts: the front's shared cache first, then Next (here the REST surface's answer) behind the tagging
  server = http.createServer((req, res) => {
    const render = () => {
      tagEncodedAnswers(res);
      compress(req, res, () => {
        const answer = conditionalResponse(new Request(`http://x${req.url}`, { headers: { 'if-none-match': req.headers['if-none-match'] ?? '' } }), BODY, new Headers({ 'Content-Type': 'application/json' }), { maxAge: 60, staleWhileRevalidate: 300 });
        res.statusCode = answer.status;
        answer.headers.forEach((value, name) => res.setHeader(name, value));
        void answer.text().then((text) => res.end(text || undefined));
      });
    };
    if (!serveSharedRead(req, res, render)) render();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

it('marks the ETag of an answer Next compresses weak, and a revalidation with any of its tags gets the 304', async () => {
  // with a token the front leaves the read to Next, which compresses it
  const path = '/api/v1/changelog/acme';
  const token = { authorization: 'Bearer x' };
  const plain = await get(path, { ...token, 'accept-encoding': 'identity' });
  const zipped = await get(path, { ...token, 'accept-encoding': 'gzip' });
  const deflated = await get(path, { ...token, 'accept-encoding': 'deflate' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(deflated.headers['content-encoding']).toBe('deflate');
  expect(gunzipSync(zipped.body).toString()).toBe(BODY);
  expect(inflateSync(deflated.body).toString()).toBe(BODY);
  const plainTag = plain.headers.etag!;
  expect(plainTag).toMatch(/^"[\w-]+"$/);
  expect(zipped.headers.etag).toBe(`W/${plainTag}`);
  expect(deflated.headers.etag).toBe(`W/${plainTag}`);

  for (const tag of [plainTag, `W/${plainTag}`]) {
    for (const encoding of ['identity', 'gzip', 'deflate']) {
      const revalidated = await get(path, { ...token, 'accept-encoding': encoding, 'if-none-match': tag });
      expect(revalidated.status, `${tag} ${encoding}`).toBe(304);
      expect(revalidated.body.length).toBe(0);
    }
  }
  expect((await get(path, { ...token, 'accept-encoding': 'gzip', 'if-none-match': '"other"' })).status).toBe(200);
});

it('leaves the tag of the shared cache’s own gzip copy as it is, for the reader whose miss Next rendered as for later ones', async () => {
  publishInvalidation('content');
  const path = '/api/v1/changelog/acme-kept';
  const first = await get(path, { 'accept-encoding': 'gzip' });
  const second = await get(path, { 'accept-encoding': 'gzip' });
  const plain = await get(path, { 'accept-encoding': 'identity' });
  expect(first.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(first.body).toString()).toBe(BODY);
  expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-gzip"`);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag! })).status).toBe(304);
});
