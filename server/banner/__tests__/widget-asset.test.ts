import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@/tests/http';
import { startFastPathServer } from './servers';

let server: TestServer;
const file = fs.readFileSync('public/widget.js');
const launcher = fs.readFileSync('public/widget-changelog.js');

beforeAll(async () => {
  server = await startFastPathServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /widget.js from the fast path', () => {
  it('serves the file as JavaScript with long-lived but revalidated caching', async () => {
    const res = await fetch(`${server.url}/widget.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
  });

  it('stays a few KB, gzips to about 2 KB and answers 304 to its ETag', async () => {
    expect(file.length).toBeLessThan(7 * 1024);
    const raw = await new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${server.url}/widget.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.body.length).toBeLessThan(2.5 * 1024);
    expect(gunzipSync(raw.body).equals(file)).toBe(true);
    const again = await fetch(`${server.url}/widget.js`, { headers: { 'if-none-match': raw.headers.etag! } });
    expect(again.status).toBe(304);
    // the gzip coding's tag is its own (a strong validator names one representation)
    const plain = await fetch(`${server.url}/widget.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.etag).toBe(`${plain.headers.get('etag')!.slice(0, -1)}-gzip"`);
    // gzip refused with q=0 is plain
    const refused = await fetch(`${server.url}/widget.js`, { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(refused.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('serves the "What\'s new" launcher the same way, a few KB of its own', async () => {
    expect(launcher.length).toBeLessThan(10 * 1024);
    const res = await fetch(`${server.url}/widget-changelog.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await res.arrayBuffer()).equals(launcher)).toBe(true);
    const again = await fetch(`${server.url}/widget-changelog.js`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(res.headers.get('etag')).not.toBe((await fetch(`${server.url}/widget.js`)).headers.get('etag'));
  });

  it('answers other methods 405 with Allow, and leaves other paths to Next', async () => {
    for (const [file, method] of [['/widget.js', 'POST'], ['/widget.js', 'DELETE'], ['/widget-changelog.js', 'PUT']]) {
      const res = await fetch(`${server.url}${file}`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual({ detail: 'Method Not Allowed' });
    }
    expect((await fetch(`${server.url}/api/v1/banners`)).status).toBe(404);
    expect((await fetch(`${server.url}/widget-other.js`)).status).toBe(404);
  });
});
