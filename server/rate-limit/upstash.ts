import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { RATE_LIMIT_GROUPS, WINDOW_SECONDS, type RateLimitGroup, type RateLimiter } from './groups';
import { logError } from '../log';

/**
 * Limits shared by every instance through Upstash Redis. When Redis does not answer within the
 * timeout the request is let through (fail open): an outage of the limiter must not take the API down.
 */
export function createUpstashRateLimiter(options: { url: string; token: string; timeoutMs?: number }): RateLimiter {
  const redis = new Redis({ url: options.url, token: options.token });
  const limiters = new Map<RateLimitGroup, Ratelimit>();
  for (const group of Object.keys(RATE_LIMIT_GROUPS) as RateLimitGroup[]) {
    limiters.set(
      group,
      new Ratelimit({
        redis,
        prefix: `shipnote:rl:${group}`,
        limiter: Ratelimit.fixedWindow(RATE_LIMIT_GROUPS[group], `${WINDOW_SECONDS} s`),
        timeout: options.timeoutMs ?? 1000,
        analytics: false,
      }),
    );
  }
  return {
    async check(group, key) {
      try {
        const result = await limiters.get(group)!.limit(key);
        return { allowed: result.success, limit: result.limit, remaining: result.remaining, resetAt: result.reset };
      } catch (error) {
        logError('rate limiter unavailable, letting the request through', error);
        const limit = RATE_LIMIT_GROUPS[group];
        return { allowed: true, limit, remaining: limit, resetAt: Date.now() + WINDOW_SECONDS * 1000 };
      }
    },
  };
}
