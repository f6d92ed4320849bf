import type { Database } from '@/db/client';
import { flushPageViews, PAGE_VIEW_FLUSH_MS } from './page-url';
import { flushReach } from './reach';

/** Flushes page views and reach every PAGE_VIEW_FLUSH_MS while the process runs; `stop` writes what is left. */
export function startPageViewFlusher(db: () => Promise<Database>): { stop(): Promise<void> } {
  const flush = async (d: Database) => {
    await flushPageViews(d);
    await flushReach(d);
  };
  const timer = setInterval(() => void db().then(flush), PAGE_VIEW_FLUSH_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await flush(await db());
    },
  };
}
