import type { Redis } from '@upstash/redis';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { reportFailure, reportSuccess } from '../dependency-status';
import { rowsOf } from '@/db/rows';

/**
 * EMAIL_MAX_PER_MINUTE as one budget for every instance: a fixed window counted where all instances
 * look (Redis when configured, else the database). A worker takes one email before it claims a
 * delivery and gives it back when nothing was due.
 */
export interface EmailBudget {
  /** 0 when this email may go now; otherwise the milliseconds until the next window. */
  take(): Promise<number>;
  /** Returns the last email taken (nothing was due), if its window is still open. */
  refund(): Promise<void>;
}

export const EMAIL_BUDGET_DEPENDENCY = 'email_budget';

interface BudgetOptions {
  /** emails per window */
  limit: number;
  windowSeconds?: number;
  /** one budget per name (tests keep theirs apart) */
  name?: string;
}

/** One row per budget, counted in one statement; the database's clock sets the windows of every instance. */
export function databaseBudget(db: Database, { limit, windowSeconds = 60, name = 'smtp' }: BudgetOptions): EmailBudget {
  let taken: number | null = null;
  return {
    async take() {
      const result = await db.execute<Record<string, unknown>>(sql`
        insert into email_budget as b (name, window_start, used, updated_at)
        values (${name}, to_timestamp(floor(extract(epoch from clock_timestamp()) / ${windowSeconds}) * ${windowSeconds}), 1, now())
        on conflict (name) do update set
          used = case when excluded.window_start > b.window_start then 1 else b.used + 1 end,
          window_start = greatest(b.window_start, excluded.window_start),
          updated_at = now()
        returning used, extract(epoch from window_start)::float8 as window_epoch,
          (extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - clock_timestamp()) * 1000)::float8 as wait_ms`);
      const row = rowsOf<{ used: number; window_epoch: number; wait_ms: number }>(result)[0]!;
      if (Number(row.used) <= limit) {
        taken = Number(row.window_epoch);
        return 0;
      }
      taken = null;
      return Math.max(1, Math.ceil(Number(row.wait_ms)));
    },
    async refund() {
      if (taken === null) return;
      const window = taken;
      taken = null;
      await db.execute(sql`
        update email_budget set used = used - 1, updated_at = now()
        where name = ${name} and used > 0 and extract(epoch from window_start)::float8 = ${window}::float8`);
    },
  };
}

// INCR creates the window's key, which expires after the window: no key outlives its window
const TAKE = `local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return used`;
const REFUND = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * A counter per window in Redis (REDIS_URL or Upstash). When Redis fails the email goes (fail open,
 * as the rate limits do): each worker still keeps its own pace of EMAIL_MAX_PER_MINUTE.
 */
export function redisBudget(redis: Redis, { limit, windowSeconds = 60, name = 'smtp' }: BudgetOptions, now = Date.now): EmailBudget {
  const windowMs = windowSeconds * 1000;
  let taken: string | null = null;
  return {
    async take() {
      const time = now();
      const window = Math.floor(time / windowMs);
      const key = `shipnote:email-budget:${name}:${window}`;
      try {
        const used = Number(await redis.eval(TAKE, [key], [String(windowMs * 2)]));
        reportSuccess(EMAIL_BUDGET_DEPENDENCY);
        if (used <= limit) {
          taken = key;
          return 0;
        }
        taken = null;
        return Math.max(1, (window + 1) * windowMs - time);
      } catch (error) {
        reportFailure(EMAIL_BUDGET_DEPENDENCY, error);
        taken = null;
        return 0;
      }
    },
    async refund() {
      if (taken === null) return;
      const key = taken;
      taken = null;
      await redis.eval(REFUND, [key], []).catch((error) => reportFailure(EMAIL_BUDGET_DEPENDENCY, error));
    },
  };
}
