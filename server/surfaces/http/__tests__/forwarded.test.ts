import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '../../../context';
import { requestOrigin } from '../../../request-origin';
import { COUNTED_VIEW_HEADER } from '../counted-view';
import { frontListener } from '../front';
import { isSameOrigin } from '../same-origin';

const savedAppUrl = process.env.APP_URL;
afterEach(() => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
});

/** A dashboard write as the app receives it: Host as the last proxy sent it, the browser's Origin. */
function write(origin: string | null, headers: Record<string, string> = {}) {
  return new Request('http://127.0.0.1:3000/api/trpc/banner.publish', {
    method: 'POST',
    headers: { host: '127.0.0.1:3000', ...(origin ? { origin } : {}), ...headers },
  });
}

const proxied = { 'x-forwarded-host': 'shipnote.example', 'x-forwarded-proto': 'https' };

describe('isSameOrigin (CSRF guard of dashboard writes and the consent form)', () => {
  it('with no trusted proxy compares the Host header and never reads X-Forwarded-*', () => {
    delete process.env.APP_URL;
    expect(isSameOrigin(write('http://127.0.0.1:3000'), 0)).toBe(true);
    expect(isSameOrigin(write('http://127.0.0.1:3000', proxied), 0)).toBe(true);
    expect(isSameOrigin(write('https://shipnote.example', proxied), 0)).toBe(false);
    expect(isSameOrigin(write('https://evil.example', { 'x-forwarded-host': 'evil.example' }), 0)).toBe(false);
  });

  it('behind a trusted proxy that rewrites Host, takes the host and scheme the browser used from X-Forwarded-Host/-Proto', () => {
    delete process.env.APP_URL;
    expect(isSameOrigin(write('https://shipnote.example', proxied), 1)).toBe(true);
    expect(isSameOrigin(write('https://shipnote.example:443', proxied), 1)).toBe(true);
    expect(isSameOrigin(write('http://shipnote.example', proxied), 1)).toBe(false);
    expect(isSameOrigin(write('http://127.0.0.1:3000', proxied), 1)).toBe(false);
    expect(isSameOrigin(write('https://evil.example', proxied), 1)).toBe(false);
    // no X-Forwarded-Proto: the host decides, as before
    expect(isSameOrigin(write('https://shipnote.example', { 'x-forwarded-host': 'shipnote.example' }), 1)).toBe(true);
    // a proxy that keeps Host and sends no X-Forwarded-Host
    expect(isSameOrigin(write('http://127.0.0.1:3000'), 1)).toBe(true);
  });

  it('of a list, trusts only what the trusted proxies wrote (the N-th from the right)', () => {
    delete process.env.APP_URL;
    const list = { 'x-forwarded-host': 'evil.example, shipnote.example', 'x-forwarded-proto': 'http, https' };
    expect(isSameOrigin(write('https://shipnote.example', list), 1)).toBe(true);
    expect(isSameOrigin(write('http://evil.example', list), 1)).toBe(false);
    expect(isSameOrigin(write('http://evil.example', list), 2)).toBe(true);
  });

  it('accepts APP_URL\'s origin whatever Host says, and refuses a missing, opaque or malformed Origin', () => {
    process.env.APP_URL = 'https://app.shipnote.example/';
    expect(isSameOrigin(write('https://app.shipnote.example'), 0)).toBe(true);
    expect(isSameOrigin(write(null, { referer: 'https://app.shipnote.example/p/acme/banner' }), 0)).toBe(true);
    expect(isSameOrigin(write('http://app.shipnote.example'), 0)).toBe(false);
    expect(isSameOrigin(write(null), 0)).toBe(false);
    expect(isSameOrigin(write('null'), 0)).toBe(false);
    expect(isSameOrigin(write('not a url', proxied), 1)).toBe(false);
  });
});

describe('the HTTP front while APP_URL is unset', () => {
  async function front(proxyHops: number, answerFirst?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean) {
    const server = http.createServer(
      frontListener((req, res) => res.end(JSON.stringify({ origin: requestOrigin(), ip: req.headers[CLIENT_IP_HEADER], counted: req.headers[COUNTED_VIEW_HEADER] })), {
        proxyHops,
        appUrlConfigured: false,
        answerFirst,
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const get = (headers: Record<string, string>, path = '/') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          })
          .on('error', reject);
      });
    return { get, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('follows the forwarded local origin with a trusted proxy, and refuses a forwarded public name (DNS rebinding)', async () => {
    const { get, close } = await front(1);
    const viaProxy = await get({ host: '127.0.0.1', 'x-forwarded-host': 'shipnote.localhost:8443', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.4' });
    expect(JSON.parse(viaProxy.body)).toEqual({ origin: 'https://shipnote.localhost:8443', ip: '198.51.100.4' });
    expect((await get({ host: 'localhost:3000', 'x-forwarded-host': 'evil.example' })).status).toBe(421);
    await close();
  });

  it('without a trusted proxy uses Host and ignores X-Forwarded-*', async () => {
    const { get, close } = await front(0);
    const direct = await get({ host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4' });
    expect(JSON.parse(direct.body)).toEqual({ origin: 'http://localhost:3000', ip: '127.0.0.1' });
    expect((await get({ host: 'evil.example' })).status).toBe(421);
    await close();
  });

  it('answers the hot path outside the origin context, after the same host check and client address', async () => {
    const hot = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url !== '/hot') return false;
      res.end(JSON.stringify({ origin: requestOrigin() ?? 'none', ip: req.headers[CLIENT_IP_HEADER] }));
      return true;
    };
    const { get, close } = await front(0, hot);
    expect(JSON.parse((await get({ host: 'localhost:3000' }, '/hot')).body)).toEqual({ origin: 'none', ip: '127.0.0.1' });
    expect((await get({ host: 'evil.example' }, '/hot')).status).toBe(421);
    expect(JSON.parse((await get({ host: 'localhost:3000' })).body)).toEqual({ origin: 'http://localhost:3000', ip: '127.0.0.1' });
    await close();
  });

  it('drops a counted-view mark a client sends: only the front itself counts a page view', async () => {
    const { get, close } = await front(0);
    const sent = await get({ host: 'localhost:3000', [COUNTED_VIEW_HEADER]: '00'.repeat(16) });
    expect(JSON.parse(sent.body)).toEqual({ origin: 'http://localhost:3000', ip: '127.0.0.1' });
    await close();
  });
});
