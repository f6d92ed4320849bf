import { createHash } from 'node:crypto';
import { Redis as UpstashRedis, type Requester, type UpstashRequest } from '@upstash/redis';
import { Redis as IORedis, ReplyError, type RedisOptions } from 'ioredis';
import { config } from './config';
import { reportFailure, reportSuccess } from './dependency-status';

/** How long a command may take before the caller treats Redis as unavailable (and carries on). */
export const REDIS_TIMEOUT_MS = 1000;

/**
 * A TCP connection to a plain Redis (`REDIS_URL`). Commands fail after one reconnection attempt or
 * the timeout instead of queueing while Redis is down; connection errors are reported once a minute.
 */
export function connectTcpRedis(url: string, name = 'redis', timeoutMs = REDIS_TIMEOUT_MS, options: RedisOptions = {}): IORedis {
  const client = new IORedis(url, { maxRetriesPerRequest: 1, commandTimeout: timeoutMs, connectTimeout: 2 * timeoutMs, ...options });
  client.on('error', (error) => reportFailure(name, error));
  client.on('ready', () => reportSuccess(name));
  return client;
}

/**
 * `@upstash/redis` over a TCP connection, so @upstash/ratelimit runs against any Redis. Its Lua scripts
 * start with `#!lua flags=allow-key-locking`, which Redis refuses ("Unexpected flag in script shebang"):
 * the line is dropped, and EVALSHA of the library's hash is mapped to the hash of what Redis holds.
 */
export function upstashOverTcp(client: IORedis): UpstashRedis {
  const stripped = new Map<string, string>();

  async function run(command: unknown[]): Promise<unknown> {
    const [name, ...args] = command.map(String);
    const verb = name!.toLowerCase();
    if ((verb === 'eval' || verb === 'eval_ro') && args[0]!.startsWith('#!')) {
      const script = args[0]!.replace(/^#![^\n]*\n/, '');
      stripped.set(sha1(args[0]!), sha1(script));
      args[0] = script;
    } else if (verb === 'evalsha' || verb === 'evalsha_ro') {
      args[0] = stripped.get(args[0]!) ?? args[0]!;
    }
    return client.call(name!, ...args);
  }

  async function answer(command: unknown[]) {
    try {
      return { result: await run(command) };
    } catch (error) {
      // a Redis error reply is the command's answer (NOSCRIPT makes the library send EVAL); others throw
      if (error instanceof ReplyError) return { error: (error as Error).message };
      throw error;
    }
  }

  const requester: Requester = {
    async request<TResult>(req: UpstashRequest) {
      const path = req.path?.[0];
      if (path === 'pipeline' || path === 'multi-exec') {
        return { result: (await Promise.all((req.body as unknown[][]).map(answer))) as TResult };
      }
      return (await answer(req.body as unknown[])) as { result?: TResult; error?: string };
    },
  };
  return new UpstashRedis(requester);
}

function sha1(text: string) {
  return createHash('sha1').update(text).digest('hex');
}

export interface SharedRedis {
  /** the Upstash client, over REST (UPSTASH_REDIS_REST_*) or over TCP (REDIS_URL) */
  redis: UpstashRedis;
  /** the TCP connection when REDIS_URL is set (publish, and the model for a subscriber connection) */
  tcp: IORedis | null;
  close(): Promise<void>;
}

declare global {
  var __shipnoteRedis: SharedRedis | null | undefined;
}

/** The process's Redis, from REDIS_URL (which wins) or Upstash's REST settings; null when neither is set. */
export function sharedRedis(): SharedRedis | null {
  if (globalThis.__shipnoteRedis !== undefined) return globalThis.__shipnoteRedis;
  if (config.redisUrl) {
    const tcp = connectTcpRedis(config.redisUrl);
    globalThis.__shipnoteRedis = { redis: upstashOverTcp(tcp), tcp, close: async () => void tcp.disconnect() };
  } else if (config.upstash) {
    // one retry: the callers give up after a second anyway, and retries would pile up in an outage
    const redis = new UpstashRedis({ ...config.upstash, retry: { retries: 1 }, enableTelemetry: false });
    globalThis.__shipnoteRedis = { redis, tcp: null, close: async () => {} };
  } else {
    globalThis.__shipnoteRedis = null;
  }
  return globalThis.__shipnoteRedis;
}

export async function closeSharedRedis() {
  await globalThis.__shipnoteRedis?.close();
  globalThis.__shipnoteRedis = undefined;
}
