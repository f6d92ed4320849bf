import { config } from '../config';
import { sharedRedis } from '../redis';
import { AppError } from '../errors';
import { RATE_LIMIT_GROUPS, WINDOW_SECONDS, type RateLimitDecision, type RateLimitGroup, type RateLimiter } from './groups';
import { createMemoryRateLimiter } from './memory';
import { createUpstashRateLimiter } from './upstash';

export type { RateLimitGroup } from './groups';

declare global {
  var __shipnoteRateLimiter: RateLimiter | undefined;
}

/**
 * One limiter per process, shared by the custom server's fast path and Next's bundles: in Redis when
 * REDIS_URL or Upstash is set (shared by every instance), else in memory.
 */
export function getRateLimiter(): RateLimiter {
  if (!globalThis.__shipnoteRateLimiter) {
    const shared = sharedRedis();
    globalThis.__shipnoteRateLimiter = shared ? createUpstashRateLimiter({ redis: shared.redis }) : createMemoryRateLimiter();
  }
  return globalThis.__shipnoteRateLimiter;
}

export function setRateLimiter(limiter: RateLimiter | undefined) {
  globalThis.__shipnoteRateLimiter = limiter;
}

/** The RateLimit-* headers of decisions.md ("Rate limit headers"). */
export function rateLimitHeaders(decision: RateLimitDecision, now = Date.now()): Record<string, string> {
  const resetSeconds = Math.max(1, Math.ceil((decision.resetAt - now) / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(resetSeconds),
    'RateLimit-Policy': `${decision.limit};w=${WINDOW_SECONDS}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(resetSeconds);
  return headers;
}

/** Counts the request against its group; sets the headers and throws RATE_LIMITED past the limit. */
export async function enforceRateLimit(
  ctx: { clientIp: string; resHeaders: Headers },
  group: RateLimitGroup,
  key = ctx.clientIp,
): Promise<void> {
  if (!config.rateLimitEnabled) return;
  const decision = await getRateLimiter().check(group, key);
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) ctx.resHeaders.set(name, value);
  if (!decision.allowed) {
    const wait = ctx.resHeaders.get('Retry-After');
    throw new AppError('RATE_LIMITED', `Rate limit of ${RATE_LIMIT_GROUPS[group]} requests per minute exceeded; retry in ${wait} seconds`);
  }
}
