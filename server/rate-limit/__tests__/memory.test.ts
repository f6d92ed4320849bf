import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../memory';
import { rateLimitHeaders } from '../enforce';

describe('memory rate limiter', () => {
  it('counts per group and key in fixed minute windows, then resets', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 10);
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 1; i <= 30; i++) {
      const decision = await limiter.check('write', 'a');
      expect(decision).toMatchObject({ allowed: true, limit: 30, remaining: 30 - i });
    }
    expect((await limiter.check('write', 'a')).allowed).toBe(false);
    expect((await limiter.check('write', 'b')).allowed).toBe(true);
    expect((await limiter.check('read', 'a')).allowed).toBe(true);
    now += 50_000;
    const fresh = await limiter.check('write', 'a');
    expect(fresh).toMatchObject({ allowed: true, remaining: 29 });
  });

  it('renders the decisions.md headers, with Retry-After only when refused', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const headers = rateLimitHeaders({ allowed: true, limit: 100, remaining: 97, resetAt: now + 45_000 }, now);
    expect(headers).toEqual({
      'RateLimit-Limit': '100',
      'RateLimit-Remaining': '97',
      'RateLimit-Reset': '45',
      'RateLimit-Policy': '100;w=60',
    });
    const refused = rateLimitHeaders({ allowed: false, limit: 20, remaining: 0, resetAt: now + 1_200 }, now);
    expect(refused['Retry-After']).toBe('2');
  });
});
