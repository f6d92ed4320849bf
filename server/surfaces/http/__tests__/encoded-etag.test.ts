import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conditionalResponse } from '../conditional';
import { tagEncodedAnswers } from '../encoded-etag';

// Next's own compression middleware, as its router runs it after the front handed the request over
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware;

const BODY = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Entry ${i}` })) });
let server: http.Server;
let base: string;

beforeAll(async () => {
  const compress = compression();
  server = http.createServer((req, res) => {
    tagEncodedAnswers(res);
    compress(req, res, () => {
      // as the REST surface answers through Next: the web Response's headers set, then the body piped
      const answer = conditionalResponse(new Request(`http://x${req.url}`, { headers: { 'if-none-match': req.headers['if-none-match'] ?? '' } }), BODY, new Headers({ 'Content-Type': 'application/json' }));
      res.statusCode = answer.status;
      answer.headers.forEach((value, name) => res.setHeader(name, value));
      void answer.text().then((text) => res.end(text || undefined));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(`${base}/api/v1/changelog/acme`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

it('gives the gzip coding Next makes of an answer its own strong ETag, and a revalidation with either tag gets the 304', async () => {
  const plain = await get({ 'accept-encoding': 'identity' });
  const zipped = await get({ 'accept-encoding': 'gzip' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(zipped.body).toString()).toBe(BODY);
  const plainTag = plain.headers.etag!;
  expect(plainTag).toMatch(/^"[\w-]+"$/);
  expect(zipped.headers.etag).toBe(`${plainTag.slice(0, -1)}-gzip"`);

  for (const tag of [plainTag, zipped.headers.etag!]) {
    for (const encoding of ['identity', 'gzip']) {
      const revalidated = await get({ 'accept-encoding': encoding, 'if-none-match': tag });
      expect(revalidated.status, `${tag} ${encoding}`).toBe(304);
      expect(revalidated.body.length).toBe(0);
    }
  }
  expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': '"other"' })).status).toBe(200);
});
