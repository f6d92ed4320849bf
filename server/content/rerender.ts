import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, gt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { logError } from '../log';
import { invalidatePublicContent } from './cache';
import { columnsOf } from './internal';
import type { AnyContentKind, ContentRow } from './kind';
import { KINDS } from './kinds';
import { RENDERED_VERSION, stamped } from './rendered';

const BATCH = 50;

/**
 * Rewrites, once at startup, every stored rendering older than RENDERED_VERSION (pages and feeds render
 * such rows when read until then), in the background; `stop` ends it between two rows.
 */
export function startRerender(db: Database) {
  const state = { stopped: false };
  const done = rerenderStaleContent(db, state).catch((error) => logError('Re-rendering saved content failed', error));
  return {
    async stop() {
      state.stopped = true;
      await done;
    },
  };
}

/**
 * The job itself. A row is rewritten only as it was read: one saved meanwhile (by any instance, of any
 * version) is left to its own rendering; a newer version's rendering is never taken back; `updated_at`
 * is not touched, since the item did not change. Instances starting together may each render the same
 * rows; only the first write of each lands. Yields between items: markdown rendering is CPU work.
 */
export async function rerenderStaleContent(db: Database, state = { stopped: false }): Promise<number> {
  let rewritten = 0;
  for (const kind of Object.values(KINDS)) {
    const table = columnsOf(kind);
    const stale = sql`coalesce((${table.rendered}->>'version')::numeric, 0) < ${RENDERED_VERSION}`;
    // keyset paging: a row that cannot be rendered stays stale and is not read again
    for (let after: string | null = null; !state.stopped; ) {
      const rows = await db
        .select({ row: table, seen: sql<string>`${table}.xmin::text` })
        .from(table)
        .where(after === null ? stale : and(stale, gt(table.id, after)))
        .orderBy(table.id)
        .limit(BATCH);
      for (const { row, seen } of rows) {
        await nextTurn();
        if (state.stopped) break;
        rewritten += await rewrite(db, kind, row, seen);
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.row.id;
    }
  }
  if (rewritten > 0) invalidatePublicContent();
  return rewritten;
}

/** One row's new rendering, written only if the row is still the version read (`xmin`); 1 when written. */
async function rewrite(db: Database, kind: AnyContentKind, row: ContentRow, seen: string): Promise<number> {
  const table = columnsOf(kind);
  let rendering: string;
  try {
    rendering = JSON.stringify(stamped(kind.render(row as never)));
  } catch (error) {
    // its pages render it on each read and fail alone; the other rows still get theirs
    logError(`Re-rendering ${kind.kind} ${row.id} failed`, error);
    return 0;
  }
  const updated = await db.execute(sql`update ${table} set rendered = ${rendering}::jsonb where ${table.id} = ${row.id} and xmin::text = ${seen} returning id`);
  return rowsOf(updated).length;
}
