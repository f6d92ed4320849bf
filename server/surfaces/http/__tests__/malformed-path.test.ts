import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refuseMalformedPath } from '../malformed-path';

// The front's check before Next, over real HTTP with a stand-in for Next that answers 200.
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!refuseMalformedPath(req, res)) res.writeHead(200).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('refuses a page path that is not valid percent-encoding with a 400, where Next would answer 500', async () => {
  for (const path of ['/unsubscribe/%ff%fe', '/unsubscribe/%', '/subscribe/confirm/%E2%82', '/pub/%ff/subscribe', '/p/%ff/lists', '/changelog/%ZZ', '/pub/acme%E0%A4%A', '/verify-email/%ff?x=1']) {
    const answer = await rawGet(path);
    expect(answer.status, path).toBe(400);
    expect(JSON.parse(answer.body), path).toEqual({ detail: 'The URL is not valid percent-encoding' });
  }
});

it('leaves valid encodings, queries and the REST surface (which answers on its own parameter) to what comes next', async () => {
  for (const path of ['/changelog/%61cme-1', '/unsubscribe/abc%2Fdef', '/changelog/acme?q=%ff', '/api/v1/changelog/%ff', '/api/v1/email/lists/x/recipients/%ff', '/dashboard']) {
    expect((await rawGet(path)).status, path).toBe(200);
  }
});

/** A GET of the path exactly as written (fetch would normalize it). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
