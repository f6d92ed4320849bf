import { randomUUID } from 'node:crypto';
import type { Redis as IORedis } from 'ioredis';
import { config } from './config';
import { reportFailure, reportSuccess } from './dependency-status';
import { logError } from './log';
import { connectTcpRedis, sharedRedis } from './redis';

/**
 * Clears in-process caches on every instance at once. `publishInvalidation(topic)` runs this process's
 * handlers synchronously and tells the other instances (Redis pub/sub with REDIS_URL, else PostgreSQL
 * LISTEN/NOTIFY; PGlite has one process per data folder, so in process is all there is).
 */
export type InvalidationTopic = 'banner' | 'credentials' | 'content' | (string & {});

/** How other instances are reached: both sides of one channel. */
export interface BusTransport {
  /**
   * (Re)subscribes; every message published on the channel, this process's own included, arrives.
   * `onResubscribed` runs when the driver itself re-established a dropped subscription: whatever was
   * published while it was down never arrives.
   */
  subscribe(onMessage: (payload: string) => void, onResubscribed: () => void): Promise<void>;
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

export const CACHE_BUS_DEPENDENCY = 'cache_invalidation';
const CHANNEL = 'shipnote_invalidate';
const PING = '__ping';
/** How soon a message that could not be sent is sent again: other instances must not wait for their expiry. */
const RESEND_MS = 250;
/**
 * How often the link is checked. A driver does not always listen again after its connection dropped
 * (postgres.js gives up when a reconnection is cut too), and what is published meanwhile is lost: a
 * dead link is found at the third check after it died and mended, so caches are cleared within a second.
 */
const PING_MS = 250;

export interface InvalidationBus {
  on(topic: InvalidationTopic, handler: () => void): () => void;
  publish(topic: InvalidationTopic): void;
  /** Joins the other instances; a ping every `pingMs` checks the link and re-subscribes when it broke. */
  connect(transport: BusTransport, options?: { pingMs?: number }): Promise<void>;
  disconnect(): Promise<void>;
}

export function createInvalidationBus(): InvalidationBus {
  const id = randomUUID();
  const handlers = new Map<string, Set<() => void>>();
  let transport: BusTransport | null = null;
  let timer: NodeJS.Timeout | null = null;
  let linked = false;
  /** `subscribed` false: the next check subscribes (again) */
  let subscribed = false;
  /** the last ping: on its way out, out and not back yet, or back (or refused by the sender: nothing to judge) */
  let ping: 'sending' | 'out' | 'back' = 'back';
  let checking = false;
  let unansweredChecks = 0;
  const unsent = new Set<string>();
  let resendTimer: NodeJS.Timeout | null = null;

  function deliver(topic: string) {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler();
      } catch (error) {
        logError(`cache invalidation handler of ${topic} failed`, error);
      }
    }
  }

  function receive(payload: string) {
    const space = payload.indexOf(' ');
    const from = payload.slice(0, space);
    const topic = payload.slice(space + 1);
    if (topic !== PING) {
      if (from !== id) deliver(topic);
    } else if (from === id) {
      ping = 'back';
      reportSuccess(CACHE_BUS_DEPENDENCY);
      if (!linked) {
        linked = true;
        forgetEverything();
      }
    }
  }

  /** Messages sent to this process while its subscription was down were lost: every cache forgets once. */
  function forgetEverything() {
    for (const topic of handlers.keys()) deliver(topic);
  }

  function send(topic: string): Promise<void> | undefined {
    return transport?.publish(`${id} ${topic}`).catch((error) => {
      reportFailure(CACHE_BUS_DEPENDENCY, error);
      // the write behind it is committed: the other instances are told as soon as the link takes it
      resendLater(topic);
    });
  }

  /** A ping refused by the sender says nothing about this process's subscription: only one that went out is judged. */
  function sendPing() {
    ping = 'sending';
    transport?.publish(`${id} ${PING}`).then(
      () => void (ping === 'sending' && (ping = 'out')),
      (error) => {
        reportFailure(CACHE_BUS_DEPENDENCY, error);
        if (ping === 'sending') ping = 'back';
      },
    );
  }

  function resendLater(topic: string) {
    unsent.add(topic);
    resendTimer ??= setTimeout(() => {
      resendTimer = null;
      const topics = [...unsent];
      unsent.clear();
      for (const each of topics) void send(each);
    }, RESEND_MS);
    resendTimer.unref();
  }

  async function check() {
    // a ping still being sent is a slow link, not a dead subscription
    if (!transport || checking || ping === 'sending') return;
    // one that went out and is not back at one check may be waiting behind an event loop that was busy
    // (postgres.js writes on the turn after, and the answer is read on a turn later still): the
    // subscription is judged dead only when it is still not back at the third
    if (ping === 'out' && ++unansweredChecks < 3) return;
    unansweredChecks = 0;
    if (ping === 'out' || !subscribed) {
      checking = true;
      try {
        if (ping === 'out') {
          linked = false;
          reportFailure(CACHE_BUS_DEPENDENCY, new Error('no invalidation message came back: other instances may serve stale caches until they expire'));
        }
        subscribed = false;
        await transport.subscribe(receive, forgetEverything);
        subscribed = true;
      } catch (error) {
        reportFailure(CACHE_BUS_DEPENDENCY, error);
      } finally {
        checking = false;
      }
    }
    sendPing();
  }

  return {
    on(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
    publish(topic) {
      deliver(topic);
      void send(topic);
    },
    async connect(next, options = {}) {
      transport = next;
      try {
        await transport.subscribe(receive, forgetEverything);
        linked = subscribed = true;
      } catch (error) {
        reportFailure(CACHE_BUS_DEPENDENCY, error); // the first check subscribes again
      }
      timer = setInterval(() => void check(), options.pingMs ?? PING_MS);
      timer.unref();
    },
    async disconnect() {
      if (timer) clearInterval(timer);
      if (resendTimer) clearTimeout(resendTimer);
      resendTimer = null;
      const closing = transport;
      transport = null;
      // a stopping instance still tells the others what it could not yet: one last try, a second at most
      const last = [...unsent].map((topic) => closing?.publish(`${id} ${topic}`).catch(() => {}));
      unsent.clear();
      await Promise.race([Promise.all(last), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      await closing?.close();
    },
  };
}

declare global {
  var __shipnoteCacheBus: InvalidationBus | undefined;
}

// On globalThis: the HTTP front and Next's bundles load this module separately but share one process.
const bus = () => (globalThis.__shipnoteCacheBus ??= createInvalidationBus());

/** Runs `handler` whenever any instance invalidates `topic`; returns the unsubscribe. */
export function onInvalidation(topic: InvalidationTopic, handler: () => void): () => void {
  return bus().on(topic, handler);
}

/** Clears `topic` here at once and on every other instance within milliseconds. */
export function publishInvalidation(topic: InvalidationTopic): void {
  bus().publish(topic);
}

/** Connects this process's bus to the other instances (server start); a no-op on PGlite. */
export async function startInvalidationBus(options: { pingMs?: number } = {}) {
  let transport: BusTransport | null = null;
  if (config.redisUrl) transport = redisTransport(config.redisUrl);
  else if (config.databaseUrl) transport = (await import('@/db/notify')).postgresChannel(config.databaseUrl, CHANNEL);
  if (transport) await bus().connect(transport, options);
  return {
    kind: config.redisUrl ? 'redis' : config.databaseUrl ? 'postgres' : 'in-process',
    stop: () => bus().disconnect(),
  };
}

/** Redis pub/sub: publishes on the shared connection, listens on one of its own (a subscriber can do nothing else). */
export function redisTransport(url: string, publisher?: IORedis): BusTransport {
  const owned = publisher || sharedRedis()?.tcp ? null : connectTcpRedis(url);
  const sender = publisher ?? sharedRedis()?.tcp ?? owned!;
  let subscriber: IORedis | null = null;
  return {
    async subscribe(onMessage, onResubscribed) {
      subscriber?.disconnect();
      // subscribed again here, not by ioredis: the caches may only forget once the subscription is back
      const connection = (subscriber = connectTcpRedis(url, 'redis', undefined, { autoResubscribe: false }));
      let connects = 0;
      connection.on('ready', () => {
        if (++connects > 1) connection.subscribe(CHANNEL).then(onResubscribed, (error) => reportFailure(CACHE_BUS_DEPENDENCY, error));
      });
      connection.on('message', (_channel: string, message: string) => onMessage(message));
      await connection.subscribe(CHANNEL);
    },
    async publish(payload) {
      await sender.publish(CHANNEL, payload);
    },
    async close() {
      subscriber?.disconnect();
      subscriber = null;
      owned?.disconnect();
    },
  };
}
