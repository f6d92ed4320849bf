import { and, asc, eq, lte, notInArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { clock } from '../clock';
import { AppError } from '../errors';
import { logError, redact } from '../log';
import { wakeWorker } from '../release-emails/internal';
import { invalidatePublicContent } from './cache';
import type { AnyContentKind } from './kind';
import { KINDS } from './kinds';
import { columnsOf } from './internal';
import { publishRow } from './publish';
import { queueReleaseEmail } from './release-email';

export interface DuePublished {
  kind: string;
  id: string;
  /** the id of the queued release email, when the schedule carried a list and it could be queued */
  sendId?: string;
}

/**
 * Publishes every scheduled draft whose `publish_at` has come, each in its own transaction with its
 * release email: the row is claimed `for update skip locked`, so with several schedulers on one
 * database exactly one publishes it, and a crash before commit leaves it scheduled.
 */
export async function publishDue(db: Database, now = clock().now()): Promise<DuePublished[]> {
  const done: DuePublished[] = [];
  try {
    await publishEachKind(db, new Date(now), done);
  } finally {
    // also after a failure part-way: what was published is live everywhere
    if (done.length > 0) invalidatePublicContent();
    if (done.some((d) => d.sendId)) wakeWorker();
  }
  return done;
}

async function publishEachKind(db: Database, now: Date, done: DuePublished[]) {
  for (const kind of Object.values(KINDS) as AnyContentKind[]) {
    // most rounds find nothing: a plain read then, no transaction holding a connection
    if (!(await anyDue(db, kind, now))) continue;
    const failed: string[] = [];
    for (;;) {
      const before = failed.length;
      const result = await publishNext(db, kind, now, failed).catch((error: unknown) => {
        logError(`scheduled publish of a ${kind.kind} failed`, error);
        return 'failed' as const;
      });
      // a failure before any row was claimed (the database is away) ends this round
      if (result === null || (result === 'failed' && failed.length === before)) break;
      if (result !== 'failed') done.push(result);
    }
  }
}

const dueWhere = (kind: AnyContentKind, now: Date, skip: string[] = []) => {
  const t = columnsOf(kind);
  return and(eq(t.status, 'draft'), lte(t.publishAt, now), skip.length > 0 ? notInArray(t.id, skip) : undefined);
};

async function anyDue(db: Database, kind: AnyContentKind, now: Date): Promise<boolean> {
  const t = columnsOf(kind);
  const [row] = await db.select({ id: t.id }).from(t).where(dueWhere(kind, now)).limit(1);
  return Boolean(row);
}

/** One due item of `kind`, published; null when none is left. An item that fails is skipped in this round. */
async function publishNext(db: Database, kind: AnyContentKind, now: Date, failed: string[]): Promise<DuePublished | null> {
  const t = columnsOf(kind);
  let claimedId: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(t)
        .where(dueWhere(kind, now, failed))
        .orderBy(asc(t.publishAt), asc(t.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      claimedId = due.id;
      const row = await publishRow(tx, kind, due.projectId, due.id, due.publishAt!);
      const published: DuePublished = { kind: kind.kind, id: row.id };
      if (due.publishEmailListId) {
        try {
          const send = await queueReleaseEmail({ db: tx, projectId: due.projectId }, kind, row.id, due.publishEmailListId);
          published.sendId = send.id;
        } catch (error) {
          // the list was deleted or has nobody to send to: the item is published all the same
          if (!(error instanceof AppError)) throw error;
          console.warn(`[shipnote] scheduled release email of ${kind.kind} ${row.id} not queued: ${redact(error.message)}`);
        }
      }
      return published;
    });
  } catch (error) {
    if (claimedId) failed.push(claimedId);
    throw error;
  }
}
