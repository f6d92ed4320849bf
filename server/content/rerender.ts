import { and, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { logError } from '../log';
import { invalidatePublicContent } from './cache';
import { columnsOf } from './internal';
import type { AnyContentKind } from './kind';
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
    // keyset paging: a row that cannot be rendered stays stale and is not read again
    for (let after: string | null = null; ; ) {
      const rows = await db
        .select()
        .from(table)
        .where(after === null ? stale : and(stale, gt(table.id, after)))
        .orderBy(table.id)
        .limit(BATCH);
      for (const row of rows) {
        await new Promise((resolve) => setImmediate(resolve));
        rewritten += await rewrite(db, kind, row, stale);
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  if (rewritten > 0) invalidatePublicContent();
  return rewritten;
}

/** One row's new rendering, written only while the row is still stale; 1 when it was written. */
async function rewrite(db: Database, kind: AnyContentKind, row: { id: string }, stale: SQL): Promise<number> {
  const table = columnsOf(kind);
  let rendering: string;
  try {
    rendering = JSON.stringify(stamped(kind.render(row as never)));
  } catch (error) {
    // its pages render it on each read and fail alone; the other rows still get theirs
    logError(`Re-rendering ${kind.kind} ${row.id} failed`, error);
    return 0;
  }
  const updated = await db.execute(sql`update ${table} set rendered = ${rendering}::jsonb where ${table.id} = ${row.id} and ${stale} returning id`);
  return rowsOf(updated).length;
}
