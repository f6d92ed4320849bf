import { RATE_LIMIT_GROUPS, WINDOW_SECONDS, type RateLimitDecision, type RateLimiter } from './groups';

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed 60-second windows in process memory: the embedded default, one instance only. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Window>();
  let nextSweep = 0;

  function sweep(time: number) {
    if (time < nextSweep) return;
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    nextSweep = time + WINDOW_SECONDS * 1000;
  }

  return {
    async check(group, key): Promise<RateLimitDecision> {
      const time = now();
      sweep(time);
      const limit = RATE_LIMIT_GROUPS[group];
      const id = `${group}:${key}`;
      let window = windows.get(id);
      if (!window || window.resetAt <= time) {
        // align windows to the minute so every group resets together, as Upstash's fixed window does
        const resetAt = (Math.floor(time / 60_000) + 1) * 60_000;
        window = { count: 0, resetAt };
        windows.set(id, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit,
        limit,
        remaining: Math.max(0, limit - window.count),
        resetAt: window.resetAt,
      };
    },
  };
}
