import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { apiClient, type TestServer, insideOneRateWindow } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { redisAvailable, startUpstashBridge } from '@/tests/upstash-bridge';
import { setRateLimiter } from '../enforce';
import { createUpstashRateLimiter } from '../upstash';

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const TOKEN = 'bridge-token';
// CI runs a Redis (TEST_REDIS_URL) and always runs these; a machine without Redis reports them as skipped, never passed.
const hasRedis = await redisAvailable(redisUrl);

describe.skipIf(!hasRedis)('Upstash rate limiter against a real Redis', () => {
  let bridge: Awaited<ReturnType<typeof startUpstashBridge>>;
  let database: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    bridge = await startUpstashBridge(redisUrl, TOKEN);
    database = await openTestDatabase();
    server = await startRestServer();
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await bridge.close();
  });

  it('counts a group per key in Redis and refuses past the limit', async () => {
    const limiter = createUpstashRateLimiter({ url: bridge.url, token: TOKEN });
    const key = `test-${randomUUID()}`;
    for (let i = 1; i <= 20; i++) {
      const decision = await limiter.check('export', key);
      expect(decision).toMatchObject({ allowed: true, limit: 20, remaining: 20 - i });
    }
    const refused = await limiter.check('export', key);
    expect(refused.allowed).toBe(false);
    expect(refused.resetAt).toBeGreaterThan(Date.now());
    expect(refused.resetAt).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await limiter.check('export', `${key}-other`)).allowed).toBe(true);
    expect(await bridge.redis.keys(`shipnote:rl:export:${key}*`)).not.toHaveLength(0);
  });

  it('holds across instances: two limiters share one budget', async () => {
    const a = createUpstashRateLimiter({ url: bridge.url, token: TOKEN });
    const b = createUpstashRateLimiter({ url: bridge.url, token: TOKEN });
    const key = `shared-${randomUUID()}`;
    for (let i = 0; i < 15; i++) await a.check('write', key);
    for (let i = 0; i < 15; i++) expect((await b.check('write', key)).allowed).toBe(true);
    expect((await a.check('write', key)).allowed).toBe(false);
  });

  it('serves the REST headers and 429 from the Upstash limiter', async () => {
    await insideOneRateWindow();
    setRateLimiter(createUpstashRateLimiter({ url: bridge.url, token: TOKEN }));
    const call = apiClient(server.url);
    const first = await call('GET', '/api/v1/health');
    expect(first.headers.get('ratelimit-remaining')).toBe('99');
    for (let i = 0; i < 99; i++) await call('GET', '/api/v1/health');
    const limited = await call('GET', '/api/v1/health');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets requests through when Upstash does not answer (fail open)', async () => {
    const limiter = createUpstashRateLimiter({ url: 'http://127.0.0.1:9', token: TOKEN, timeoutMs: 200 });
    const decision = await limiter.check('general', 'anyone');
    expect(decision.allowed).toBe(true);
  });
});
