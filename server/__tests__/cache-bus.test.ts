import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresChannel } from '@/db/notify';
import { redisAvailable } from '@/tests/upstash-bridge';
import { CACHE_BUS_DEPENDENCY, createInvalidationBus, redisTransport, type BusTransport, type InvalidationBus } from '../cache-bus';
import { failingDependencies, reportSuccess } from '../dependency-status';
import { connectTcpRedis } from '../redis';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const hasRedis = await redisAvailable(REDIS_URL);
const databaseUrl = process.env.DATABASE_URL; // the postgres project

const open: InvalidationBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.disconnect()));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  reportSuccess(CACHE_BUS_DEPENDENCY);
  vi.restoreAllMocks();
});

async function connected(transport: () => BusTransport, pingMs = 200) {
  const bus = createInvalidationBus();
  open.push(bus);
  await bus.connect(transport(), { pingMs });
  return bus;
}

/** Resolves with the milliseconds until `handler` ran for the topic on `bus`. */
function heard(bus: InvalidationBus, topic: string) {
  const started = Date.now();
  return new Promise<number>((resolve) => bus.on(topic, () => resolve(Date.now() - started)));
}

describe('invalidation bus in one process', () => {
  it('runs this process\'s handlers synchronously, each once; unsubscribing and a failing handler stop nothing else', () => {
    const bus = createInvalidationBus();
    const seen: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    bus.on('banner', () => seen.push('banner 1'));
    bus.on('banner', () => {
      throw new Error('broken handler');
    });
    const off = bus.on('banner', () => seen.push('banner 3'));
    bus.on('credentials', () => seen.push('credentials'));
    bus.publish('banner');
    expect(seen).toEqual(['banner 1', 'banner 3']);
    off();
    bus.publish('banner');
    expect(seen).toEqual(['banner 1', 'banner 3', 'banner 1']);
    vi.restoreAllMocks();
  });
});

/** The same contract over each transport that links instances. */
function acrossInstances(name: string, transport: () => BusTransport) {
  it(`${name}: another instance's handlers run within a second; the publisher's own run once`, async () => {
    const [a, b] = [await connected(transport), await connected(transport)];
    const topic = `topic-${Math.random()}`;
    let ownRuns = 0;
    a.on(topic, () => ownRuns++);
    const onB = heard(b, topic);
    a.publish(topic);
    expect(ownRuns).toBe(1);
    expect(await onB).toBeLessThan(1000);
    // one channel delivers in order: once `a` hears what `b` sent after, its own message came back too
    const marker = `marker-${Math.random()}`;
    const onA = heard(a, marker);
    b.publish(marker);
    await onA;
    expect(ownRuns).toBe(1); // and was ignored
  });
}

describe.skipIf(!hasRedis)('invalidation bus over Redis pub/sub', () => {
  acrossInstances('Redis', () => redisTransport(REDIS_URL, connectTcpRedis(REDIS_URL)));

  // over PostgreSQL a ping's answer takes more turns of a loop this busy (the driver writes on the turn
  // after), and how many depends on the server's load: shown over Redis, whose client writes at once
  it('a ping waiting behind a busy event loop is not taken for a dead link', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bus = await connected(() => redisTransport(REDIS_URL, connectTcpRedis(REDIS_URL)));
    let cleared = 0;
    bus.on('content', () => cleared++);
    // a loop busy 250 ms at a time: each ping's answer arrives while it is busy and waits unread until
    // after the next check's timer has fired
    const end = Date.now() + 2000;
    while (Date.now() < end) {
      const until = Date.now() + 250;
      while (Date.now() < until);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(failingDependencies()).not.toContain(CACHE_BUS_DEPENDENCY);
    expect(errors).not.toHaveBeenCalled();
    expect(cleared).toBe(0);
  });
});

describe.skipIf(!databaseUrl)('invalidation bus over PostgreSQL LISTEN/NOTIFY', () => {
  acrossInstances('PostgreSQL', () => postgresChannel(databaseUrl!, 'shipnote_invalidate_test'));

  it('clears every cache once postgres.js listens again after its connection was cut', async () => {
    const channel = `shipnote_invalidate_${randomUUID().replaceAll('-', '')}`;
    // no ping in this test's time: only the driver's own listening again can clear the caches
    const bus = await connected(() => postgresChannel(databaseUrl!, channel), 60_000);
    let cleared = 0;
    bus.on('content', () => cleared++);
    const admin = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const [cut] = await admin`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query = ${`listen "${channel}"`}`;
      expect(cut!.n).toBe(1);
    } finally {
      await admin.end();
    }
    // whatever was published while it was away never arrives
    await vi.waitFor(() => expect(cleared).toBe(1), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cleared).toBe(1);
  });
});

describe('a broken link', () => {
  /** A channel in memory that can be cut: published messages then vanish. */
  function cuttable() {
    const state = { cut: false, subscribes: 0, listeners: new Set<(payload: string) => void>(), resubscribed: [] as (() => void)[] };
    /** One instance's end of the channel; `refusing` fails its own sends only. */
    const end = () => {
      const own = { refusing: false };
      const transport: BusTransport = {
        async subscribe(onMessage, onResubscribed) {
          state.subscribes++;
          state.listeners.add(onMessage);
          state.resubscribed.push(onResubscribed);
        },
        async publish(payload) {
          if (own.refusing) throw new Error('connection refused');
          if (!state.cut) for (const listener of state.listeners) listener(payload);
        },
        async close() {},
      };
      return Object.assign(own, { transport });
    };
    return { state, transport: end().transport, end };
  }

  it('sends a message its link refused again as soon as it takes it: the other instance is told, not left to its expiry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const link = cuttable();
    const sender = link.end();
    const [a, b] = [await connected(() => sender.transport), await connected(() => link.end().transport)];
    let heardOnB = 0;
    b.on('content', () => heardOnB++);
    sender.refusing = true;
    a.publish('content');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(heardOnB).toBe(0);
    sender.refusing = false;
    const restored = Date.now();
    await vi.waitFor(() => expect(heardOnB).toBe(1), { timeout: 2000 });
    expect(Date.now() - restored).toBeLessThan(1000);
    vi.restoreAllMocks();
  });

  it('clears every cache once when the driver itself subscribed again after a drop', async () => {
    const link = cuttable();
    const bus = await connected(() => link.transport);
    const cleared: string[] = [];
    bus.on('banner', () => cleared.push('banner'));
    bus.on('content', () => cleared.push('content'));
    link.state.resubscribed.at(-1)!();
    expect(cleared).toEqual(['banner', 'content']);
  });

  it('is noticed by the ping, shown by /health, re-subscribed, and every cache is cleared once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const link = cuttable();
    const bus = await connected(() => link.transport);
    let cleared = 0;
    bus.on('banner', () => cleared++);
    link.state.cut = true;
    await vi.waitFor(() => expect(failingDependencies()).toContain(CACHE_BUS_DEPENDENCY), { timeout: 3000 });
    expect(link.state.subscribes).toBeGreaterThan(1);
    link.state.cut = false;
    await vi.waitFor(() => expect(failingDependencies()).not.toContain(CACHE_BUS_DEPENDENCY), { timeout: 3000 });
    expect(cleared).toBe(1); // messages lost while cut: the caches forget everything once
    vi.restoreAllMocks();
  });
});
