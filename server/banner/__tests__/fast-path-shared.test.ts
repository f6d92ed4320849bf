import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { publishBanner } from '@/server/banner/publish';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { startFastPathServer } from './servers';

// With rate limits off, the fast path answers every request for a cached banner with one shared answer
// (its headers built once): no request may change what the next one is sent.
process.env.RATE_LIMIT_ENABLED = 'false';

let database: DatabaseHandle;
let fast: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  fast = await startFastPathServer();
});
afterAll(async () => {
  await fast.close();
  await database.close();
});

async function bannerKey(): Promise<string> {
  const { project } = await createTestProject(database.db);
  const banner = await publishBanner({
    ctx: { db: database.db, projectId: project.id },
    input: { headline: 'Dark mode is here', body: 'Every page follows your theme.', cta_label: 'See it', link_url: 'https://example.com/changelog' },
  });
  return banner.slug;
}

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${fast.url}${path}`, { method, headers });

it('sends the same 200 after a 304 and a HEAD of the same answer, with its exact length and no rate headers', async () => {
  const path = `/api/v1/banner?key=${await bannerKey()}`;
  const first = await get(path);
  const body = await first.text();
  expect(first.status).toBe(200);
  expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  expect(first.headers.get('ratelimit-limit')).toBeNull();

  const notModified = await get(path, { 'if-none-match': first.headers.get('etag')! });
  expect(notModified.status).toBe(304);
  expect(notModified.headers.get('content-type')).toBeNull();
  expect(notModified.headers.get('content-length')).toBeNull();
  expect(notModified.headers.get('etag')).toBe(first.headers.get('etag'));

  const head = await get(path, {}, 'HEAD');
  expect(await head.text()).toBe('');
  expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));

  const again = await get(path);
  expect(await again.text()).toBe(body);
  for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'vary', 'access-control-allow-origin']) {
    expect(again.headers.get(name), name).toBe(first.headers.get(name));
  }
});

it('answers a query that failed with 422 each time, and a valid one that follows with its banner', async () => {
  const key = await bannerKey();
  for (const attempt of [1, 2]) {
    const bad = await get('/api/v1/banner?key=Not%20A%20Slug');
    expect(bad.status, `attempt ${attempt}`).toBe(422);
    expect((await bad.json()).detail[0].loc).toEqual(['query', 'key']);
  }
  const repeated = await get(`/api/v1/banner?key=${key}&key=${key}`);
  expect(repeated.status).toBe(422);
  const good = await get(`/api/v1/banner?key=${key}`);
  expect(good.status).toBe(200);
  expect((await good.json()).slug).toBe(key);
});

it('answers nothing live with a 404 whose length is exact', async () => {
  const missing = await get('/api/v1/banner?key=nothing-live-here');
  const text = await missing.text();
  expect(missing.status).toBe(404);
  expect(JSON.parse(text)).toEqual({ detail: expect.any(String) });
  expect(missing.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
});
