import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisAvailable } from '@/tests/upstash-bridge';
import { failingDependencies, reportSuccess } from '../../dependency-status';
import { connectTcpRedis, upstashOverTcp } from '../../redis';
import { databaseBudget, EMAIL_BUDGET_DEPENDENCY, redisBudget, type EmailBudget } from '../budget';
import { ledger, listWithChangelog, setupEmailHarness, worker } from './harness';

const h = setupEmailHarness();
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const hasRedis = await redisAvailable(REDIS_URL);

afterEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  reportSuccess(EMAIL_BUDGET_DEPENDENCY);
  reportSuccess('redis');
  vi.restoreAllMocks();
});

/** `done` resolves once `count` has been called `n` times. */
function passes(n: number) {
  let left = n;
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  return { done, count: () => void (--left === 0 && reached()) };
}

const used = async (name: string) => {
  const rows = (await h.db.execute(sql`select used from email_budget where name = ${name}`)) as unknown as { rows?: { used: number }[] } | { used: number }[];
  return Number((Array.isArray(rows) ? rows : rows.rows!)[0]?.used ?? 0);
};

describe('the shared SMTP budget in the database', () => {
  it('is one count for every instance: past the limit each waits for the next window', async () => {
    const name = `db-${randomUUID()}`;
    const [a, b] = [databaseBudget(h.db, { limit: 3, name }), databaseBudget(h.db, { limit: 3, name })];
    expect([await a.take(), await b.take(), await a.take()]).toEqual([0, 0, 0]);
    const wait = await b.take();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await a.take()).toBeGreaterThan(0);
  });

  it('gives an email back when nothing was due, and starts over in a new window', async () => {
    const name = `db-${randomUUID()}`;
    const budget = databaseBudget(h.db, { limit: 2, name });
    for (let i = 0; i < 5; i++) {
      expect(await budget.take()).toBe(0);
      await budget.refund();
    }
    expect(await used(name)).toBe(0);
    expect([await budget.take(), await budget.take()]).toEqual([0, 0]);
    expect(await budget.take()).toBeGreaterThan(0);
    await budget.refund(); // a refused take has nothing to give back
    expect(await used(name)).toBe(3);
    await h.db.execute(sql`update email_budget set window_start = window_start - interval '1 minute' where name = ${name}`);
    expect(await budget.take()).toBe(0);
    expect(await used(name)).toBe(1);
  });

  it('holds a worker to it: with a budget of 2, a send to 5 delivers 2 and waits; idle passes spend nothing', async () => {
    const name = `worker-${randomUUID()}`;
    const setup = await listWithChangelog(h, 5);
    const budget = databaseBudget(h.db, { limit: 2, windowSeconds: 3600, name });
    // the test waits for the worker's passes, never for time: two idle ones, then the first refusal
    const idlePasses = passes(2);
    const refused = passes(1);
    const watched: EmailBudget = {
      refund: () => budget.refund(),
      take: async () => {
        const wait = await budget.take();
        if (wait > 0) refused.count();
        return wait;
      },
    };
    const w = worker(h, [setup.projectId], { budget: watched, onIdle: idlePasses.count });
    await idlePasses.done; // take, nothing due, give back
    expect(await used(name)).toBe(0);
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    await refused.done; // the third email waits for the next window: the worker is held
    await w.stop();
    const rows = await ledger(h.db, send.id);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(3);
    expect(h.peer.received.filter((m) => setup.emails.includes(m.to[0]!))).toHaveLength(2);
  });
});

describe.skipIf(!hasRedis)('the shared SMTP budget in Redis', () => {
  it('is one count for every instance, per fixed window, and its keys expire', async () => {
    const name = `redis-${randomUUID()}`;
    let now = Date.UTC(2030, 0, 1, 12, 0, 10);
    const tcp = connectTcpRedis(REDIS_URL);
    const [a, b] = [redisBudget(upstashOverTcp(tcp), { limit: 2, name }, () => now), redisBudget(upstashOverTcp(tcp), { limit: 2, name }, () => now)];
    expect([await a.take(), await b.take()]).toEqual([0, 0]);
    expect(await a.take()).toBe(50_000);
    expect(await b.take()).toBe(50_000);
    const [key] = await tcp.keys(`shipnote:email-budget:${name}:*`);
    expect(await tcp.pttl(key!)).toBeGreaterThan(60_000);
    now += 50_000;
    expect(await b.take()).toBe(0);
    await b.refund();
    expect(await a.take()).toBe(0);
    expect(await a.take()).toBe(0);
    expect(await b.take()).toBeGreaterThan(0);
    for (const stale of await tcp.keys(`shipnote:email-budget:${name}:*`)) await tcp.del(stale);
    tcp.disconnect();
  });

  it('lets the email go when Redis fails (each worker keeps its own pace) and shows it in /health', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = connectTcpRedis('redis://127.0.0.1:9', 'redis', 200);
    const budget = redisBudget(upstashOverTcp(down), { limit: 1 });
    expect(await budget.take()).toBe(0);
    expect(await budget.take()).toBe(0);
    expect(failingDependencies()).toContain(EMAIL_BUDGET_DEPENDENCY);
    down.disconnect();
  });
});
