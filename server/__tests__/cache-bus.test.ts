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

async function connected(transport: () => BusTransport) {
  const bus = createInvalidationBus();
  open.push(bus);
  await bus.connect(transport(), { pingMs: 200 });
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
});

describe.skipIf(!databaseUrl)('invalidation bus over PostgreSQL LISTEN/NOTIFY', () => {
  acrossInstances('PostgreSQL', () => postgresChannel(databaseUrl!, 'shipnote_invalidate_test'));
});

describe('a broken link', () => {
  /** A channel in memory that can be cut: published messages then vanish. */
  function cuttable() {
    const state = { cut: false, subscribes: 0, listeners: new Set<(payload: string) => void>() };
    const transport: BusTransport = {
      async subscribe(onMessage) {
        state.subscribes++;
        state.listeners.add(onMessage);
      },
      async publish(payload) {
        if (!state.cut) for (const listener of state.listeners) listener(payload);
      },
      async close() {},
    };
    return { state, transport };
  }

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
