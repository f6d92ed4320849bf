import type { Database } from '@/db/client';
import { logError } from '../log';
import { publishDue, type DuePublished } from './publish-due';

/** How often each instance looks for due items (CONTENT_SCHEDULER_INTERVAL_SECONDS). */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;

export interface ContentScheduler {
  /** one round now (tests; the timer calls it too); waits for a round already running */
  runNow(): Promise<DuePublished[]>;
  stop(): Promise<void>;
}

/**
 * Publishes scheduled content when it is due, from every instance (server/surfaces/http/main.ts): each
 * round claims due rows with `skip locked`, so instances never publish one item twice. A round runs at
 * start, so what fell due while no instance ran is published on the next start.
 */
export function startContentScheduler(db: () => Promise<Database>, intervalMs = DEFAULT_SCHEDULER_INTERVAL_MS): ContentScheduler {
  let running: Promise<DuePublished[]> | null = null;
  let stopped = false;
  const runNow = async (): Promise<DuePublished[]> => {
    while (running) await running.catch(() => undefined);
    if (stopped) return [];
    running = db()
      .then((database) => publishDue(database))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const tick = () => void runNow().catch((error) => logError('content scheduler round failed', error));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
