import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Ratelimit } from '@upstash/ratelimit';
import { Redis as IORedis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { apiClient, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { redisAvailable } from '@/tests/upstash-bridge';
import { failingDependencies, reportSuccess } from '../../dependency-status';
import { connectTcpRedis, upstashOverTcp } from '../../redis';
import { setRateLimiter } from '../enforce';
import { createUpstashRateLimiter, RATE_LIMIT_DEPENDENCY, RETRY_AFTER_FAILURE_MS } from '../upstash';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// CI runs a Redis 7.0 and always runs these; a machine without one reports them as skipped, never passed.
const hasRedis = await redisAvailable(REDIS_URL);

afterEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  reportSuccess(RATE_LIMIT_DEPENDENCY);
  reportSuccess('redis');
  vi.restoreAllMocks();
});

describe.skipIf(!hasRedis)('rate limits over a plain REDIS_URL (Redis 7.0, no Upstash)', () => {
  let tcp: IORedis;
  beforeAll(() => void (tcp = connectTcpRedis(REDIS_URL)));
  afterAll(() => tcp.disconnect());

  it('the library\'s own scripts are refused by this Redis: the adapter is what makes them run', async () => {
    const raw = new Ratelimit({ redis: upstashOverTcp(tcp), limiter: Ratelimit.fixedWindow(5, '60 s'), prefix: `probe-${randomUUID()}` });
    expect((await raw.limit('k')).success).toBe(true);
    await expect(tcp.eval('#!lua flags=allow-key-locking\nreturn 1', 0)).rejects.toThrow(/Unexpected flag in script shebang/);
  });

  it('counts per group and key, refuses past the limit, and two instances share the count', async () => {
    const a = createUpstashRateLimiter({ redis: upstashOverTcp(tcp) });
    const b = createUpstashRateLimiter({ redis: upstashOverTcp(connectTcpRedis(REDIS_URL)) });
    const key = `tcp-${randomUUID()}`;
    for (let i = 1; i <= 10; i++) expect(await a.check('export', key)).toMatchObject({ allowed: true, limit: 20, remaining: 20 - i });
    for (let i = 11; i <= 20; i++) expect(await b.check('export', key)).toMatchObject({ allowed: true, remaining: 20 - i });
    const refused = await a.check('export', key);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetAt).toBeGreaterThan(Date.now());
    expect((await b.check('export', `${key}-other`)).allowed).toBe(true);
    expect(await tcp.keys(`shipnote:rl:export:${key}*`)).not.toHaveLength(0);
    expect(failingDependencies()).toEqual([]);
  });

  it('after the first call a check is one round trip: EVALSHA of the script Redis holds, not a NOSCRIPT and an EVAL', async () => {
    const commands: string[] = [];
    const spied = connectTcpRedis(REDIS_URL);
    const call = spied.call.bind(spied);
    spied.call = ((name: string, ...args: unknown[]) => {
      commands.push(name.toLowerCase());
      return (call as (...a: unknown[]) => unknown)(name, ...args);
    }) as typeof spied.call;
    const limiter = createUpstashRateLimiter({ redis: upstashOverTcp(spied) });
    const key = `sha-${randomUUID()}`;
    await limiter.check('general', key);
    commands.length = 0;
    await limiter.check('general', key);
    expect(commands).toEqual(['evalsha']);
    spied.disconnect();
  });
});

describe('a limiter whose Redis fails', () => {
  let database: DatabaseHandle;
  let server: TestServer;
  let silent: net.Server;
  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startRestServer();
    // accepts connections and never answers: every command times out
    silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    setRateLimiter(undefined);
    silent.close();
    await server.close();
    await database.close();
  });

  it('lets requests through (fail open), logs once a minute instead of once a request, and /health says degraded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = connectTcpRedis('redis://127.0.0.1:9', 'redis', 200);
    setRateLimiter(createUpstashRateLimiter({ redis: upstashOverTcp(down), timeoutMs: 200 }));
    const call = apiClient(server.url);
    for (let i = 0; i < 5; i++) {
      const res = await call('GET', '/api/v1/me');
      expect(res.status).toBe(401); // the request went on to authentication: not blocked, not a 500
    }
    const health = await call('GET', '/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'degraded', version: '1.0.0', failing: ['rate_limit', 'redis'] });
    expect(health.headers.get('ratelimit-limit')).toBe('100');
    const lines = logged.mock.calls.map(([line]) => String(line));
    expect(lines.filter((line) => line.includes('rate_limit unavailable'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('redis unavailable'))).toHaveLength(1);
    down.disconnect();
  });

  it('treats a Redis that does not answer in time as failing, not as a limit of 0', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const port = (silent.address() as AddressInfo).port;
    const hung = connectTcpRedis(`redis://127.0.0.1:${port}`, 'redis', 5_000);
    const limiter = createUpstashRateLimiter({ redis: upstashOverTcp(hung), timeoutMs: 150 });
    const started = Date.now();
    expect(await limiter.check('general', 'anyone')).toMatchObject({ allowed: true, limit: 100, remaining: 100 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failingDependencies()).toContain(RATE_LIMIT_DEPENDENCY);
    hung.disconnect();
  });

  it('after a failure lets requests through at once for a few seconds, then asks Redis again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = connectTcpRedis('redis://127.0.0.1:9', 'redis', 200);
    let calls = 0;
    const call = down.call.bind(down);
    down.call = ((...args: unknown[]) => (calls++, (call as (...a: unknown[]) => unknown)(...args))) as typeof down.call;
    let now = Date.now();
    const limiter = createUpstashRateLimiter({ redis: upstashOverTcp(down), timeoutMs: 200, now: () => now });
    await limiter.check('general', 'x');
    const asked = calls;
    expect(asked).toBeGreaterThan(0);
    const started = Date.now();
    for (let i = 0; i < 50; i++) expect((await limiter.check('general', 'x')).allowed).toBe(true);
    expect(Date.now() - started).toBeLessThan(100);
    expect(calls).toBe(asked);
    now += RETRY_AFTER_FAILURE_MS;
    await limiter.check('general', 'x');
    expect(calls).toBeGreaterThan(asked);
    down.disconnect();
  });

  it.skipIf(!hasRedis)('reports healthy again once Redis answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const limiter = createUpstashRateLimiter({ redis: upstashOverTcp(connectTcpRedis(REDIS_URL)) });
    const down = createUpstashRateLimiter({ redis: upstashOverTcp(connectTcpRedis('redis://127.0.0.1:9', 'redis', 200)), timeoutMs: 200 });
    await down.check('general', 'x');
    expect(failingDependencies()).toContain(RATE_LIMIT_DEPENDENCY);
    await limiter.check('general', `back-${randomUUID()}`);
    expect(failingDependencies()).not.toContain(RATE_LIMIT_DEPENDENCY);
  });
});
