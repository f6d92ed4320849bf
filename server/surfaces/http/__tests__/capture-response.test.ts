import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { holdResponse, type CapturedResponse } from '../capture-response';

// holdResponse under the ways Next writes a response: writeHead or a status set before the first
// write, callbacks on write and end, bodies over the cap.
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(write: (res: http.ServerResponse) => void, onWhole: (response: CapturedResponse, release: () => void, res: http.ServerResponse) => void) {
  const events: string[] = [];
  server = http.createServer((_req, res) => {
    holdResponse(res, 10, { onWhole: (response, release) => onWhole(response, release, res), onGiveUp: () => events.push('gave up') });
    write(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { res, body: await res.text(), events };
}

it('hands over a whole 200, status set before the first write, and runs the callbacks Next passed', async () => {
  const called: string[] = [];
  let held: CapturedResponse | undefined;
  const { res, body } = await serve(
    (res) => {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/plain');
      res.write('ab', () => called.push('write'));
      res.end(() => called.push('end'));
    },
    (response, _release, res) => {
      held = response;
      res.removeHeader('content-type');
      res.writeHead(200, { 'x-answered': 'by the front' }).end('own');
    },
  );
  expect(held).toMatchObject({ status: 200, body: Buffer.from('ab') });
  expect(held!.headers.get('content-type')).toBe('text/plain');
  expect([res.headers.get('x-answered'), body]).toEqual(['by the front', 'own']);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(called.sort()).toEqual(['end', 'write']);
});

it('sends the response as written when released', async () => {
  const { res, body } = await serve(
    (res) => res.writeHead(200, { 'x-from': 'next' }).end('hello'),
    (_response, release) => release(),
  );
  expect([res.status, res.headers.get('x-from'), body]).toEqual([200, 'next', 'hello']);
});

it('streams another status and a body past the cap through whole, without handing them over', async () => {
  let handed = 0;
  const notFound = await serve(
    (res) => {
      res.statusCode = 404;
      res.end('missing');
    },
    () => handed++,
  );
  expect([notFound.res.status, notFound.body, notFound.events]).toEqual([404, 'missing', ['gave up']]);
  const large = await serve(
    (res) => {
      res.writeHead(200);
      res.write('0123456789');
      res.write('abcdef');
      res.end('!');
    },
    () => handed++,
  );
  expect([large.res.status, large.body, large.events]).toEqual([200, '0123456789abcdef!', ['gave up']]);
  expect(handed).toBe(0);
});
