import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { RATE_LIMIT_GROUPS, WINDOW_SECONDS, type RateLimitGroup, type RateLimiter } from './groups';
import { reportFailure, reportSuccess } from '../dependency-status';
import { REDIS_TIMEOUT_MS } from '../redis';

/** The name a failing limiter has in the logs and in `/health`. */
export const RATE_LIMIT_DEPENDENCY = 'rate_limit';

/** After a failure Redis is left alone this long: requests pass at once instead of each waiting for the timeout. */
export const RETRY_AFTER_FAILURE_MS = 5_000;

type Options = ({ url: string; token: string } | { redis: Redis }) & { timeoutMs?: number; now?: () => number };

/**
 * Limits shared by every instance through Redis: Upstash's REST API, or any Redis over TCP
 * (server/redis.ts). When Redis fails or does not answer within the timeout the request is let
 * through (fail open): an outage of the limiter must not take the API down. It shows in `/health`, and
 * for the next few seconds requests pass without asking Redis.
 */
export function createUpstashRateLimiter(options: Options): RateLimiter {
  const redis = 'redis' in options ? options.redis : new Redis({ url: options.url, token: options.token });
  const limiters = new Map<RateLimitGroup, Ratelimit>();
  for (const group of Object.keys(RATE_LIMIT_GROUPS) as RateLimitGroup[]) {
    limiters.set(
      group,
      new Ratelimit({
        redis,
        prefix: `shipnote:rl:${group}`,
        limiter: Ratelimit.fixedWindow(RATE_LIMIT_GROUPS[group], `${WINDOW_SECONDS} s`),
        timeout: options.timeoutMs ?? REDIS_TIMEOUT_MS,
        analytics: false,
      }),
    );
  }
  const now = options.now ?? Date.now;
  let resumeAt = 0;
  const failOpen = (group: RateLimitGroup) => {
    const limit = RATE_LIMIT_GROUPS[group];
    return { allowed: true, limit, remaining: limit, resetAt: now() + WINDOW_SECONDS * 1000 };
  };
  return {
    async check(group, key) {
      if (now() < resumeAt) return failOpen(group);
      try {
        const result = await limiters.get(group)!.limit(key);
        // on timeout the library answers success with limit 0: that is a failure, not a decision
        if (result.reason === 'timeout') throw new Error(`no answer within ${options.timeoutMs ?? REDIS_TIMEOUT_MS} ms`);
        reportSuccess(RATE_LIMIT_DEPENDENCY);
        return { allowed: result.success, limit: result.limit, remaining: Math.max(0, result.remaining), resetAt: result.reset };
      } catch (error) {
        reportFailure(RATE_LIMIT_DEPENDENCY, error);
        resumeAt = now() + RETRY_AFTER_FAILURE_MS;
        return failOpen(group);
      }
    },
  };
}
