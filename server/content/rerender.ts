import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { invalidatePublicContent } from './cache';
import { columnsOf } from './internal';
import { KINDS } from './kinds';
import { RENDERED_VERSION, stamped } from './rendered';

const BATCH = 50;

/**
 * Rewrites every stored rendering older than RENDERED_VERSION (run once at startup): pages and feeds
 * render such rows when read until then. A row saved meanwhile already holds the current rendering and
 * is left alone; `updated_at` is not touched, since the item did not change. Safe on several instances
 * at once (the second finds nothing left). Yields between items: markdown rendering is CPU work.
 */
export async function rerenderStaleContent(db: Database): Promise<number> {
  let rewritten = 0;
  for (const kind of Object.values(KINDS)) {
    const table = columnsOf(kind);
    const stale = sql`(${table.rendered} is null or ${table.rendered}->>'version' is distinct from ${String(RENDERED_VERSION)})`;
    for (;;) {
      const rows = await db.select().from(table).where(stale).orderBy(table.id).limit(BATCH);
      for (const row of rows) {
        await new Promise((resolve) => setImmediate(resolve));
        const rendering = JSON.stringify(stamped(kind.render(row as never)));
        const updated = await db.execute(sql`update ${table} set rendered = ${rendering}::jsonb where ${table.id} = ${row.id} and ${stale} returning id`);
        rewritten += rowsOf(updated).length;
      }
      if (rows.length < BATCH) break;
    }
  }
  if (rewritten > 0) invalidatePublicContent();
  return rewritten;
}

