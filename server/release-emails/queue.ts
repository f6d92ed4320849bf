import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailDeliveries, emailSends, type FailureKind, type SuppressionReason } from '@/db/schema';
import { rowsOf } from '@/db/rows';

export type Claimed = { id: string; sendId: string; projectId: string; recipientId: string; email: string; name: string | null; attempts: number };

// a worker restricted to some projects (tests: several workers on one database); all when absent
const inProjects = (projects?: string[]) =>
  projects ? sql`project_id in (select (jsonb_array_elements_text(${JSON.stringify(projects)}::jsonb))::uuid)` : sql`true`;

/**
 * Claims the next due delivery for this worker: `sending` with a lease, in one statement, skipping
 * rows another worker is claiming at the same moment.
 */
export async function claimNext(db: Database, leaseSeconds: number, projects?: string[]): Promise<Claimed | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    with next as (
      select id from email_deliveries
      where status = 'queued' and next_attempt_at <= now() and ${inProjects(projects)}
      order by next_attempt_at, seq
      limit 1
      for update skip locked
    )
    update email_deliveries d
    set status = 'sending', attempts = d.attempts + 1, handoff_at = null, updated_at = now(),
        lease_until = now() + make_interval(secs => ${leaseSeconds})
    from next where d.id = next.id
    returning d.id, d.send_id, d.project_id, d.recipient_id, d.email, d.name, d.attempts`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  if (!row) return null;
  return {
    id: String(row.id),
    sendId: String(row.send_id),
    projectId: String(row.project_id),
    recipientId: String(row.recipient_id),
    email: String(row.email),
    name: row.name === null ? null : String(row.name),
    attempts: Number(row.attempts),
  };
}

const mine = (id: string) => and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending'));

/** From here on the server may accept the message: a crash now leaves its outcome unknown. */
export async function markHandoff(db: Database, id: string) {
  await db.update(emailDeliveries).set({ handoffAt: sql`now()` }).where(mine(id));
}

export async function markSent(db: Database, id: string, messageId: string) {
  await db
    .update(emailDeliveries)
    .set({ status: 'sent', sentAt: sql`now()`, messageId, reason: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(mine(id));
}

export async function markRetry(db: Database, id: string, reason: string, delaySeconds: number) {
  await db
    .update(emailDeliveries)
    .set({ status: 'queued', reason, leaseUntil: null, handoffAt: null, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`, updatedAt: sql`now()` })
    .where(mine(id));
}

export async function markFailed(db: Database, id: string, kind: FailureKind, reason: string) {
  await db.update(emailDeliveries).set({ status: 'failed', failureKind: kind, reason, leaseUntil: null, updatedAt: sql`now()` }).where(mine(id));
}

export async function markSkipped(db: Database, id: string, reason: string, suppressedFor?: SuppressionReason) {
  await db.update(emailDeliveries).set({ status: 'skipped', reason, suppressedFor: suppressedFor ?? null, leaseUntil: null, updatedAt: sql`now()` }).where(mine(id));
}

/**
 * Deliveries of a worker that died (lease over; `all`: every one, when this process is the only
 * possible worker). Never handed over: queued again. Handed over: the server may have the message,
 * so it is failed as interrupted and never sent again.
 */
export async function recoverAbandoned(db: Database, all: boolean, projects?: string[]): Promise<string[]> {
  const result = await db.execute<{ send_id: string }>(sql`
    update email_deliveries set
      status = case when handoff_at is null then 'queued' else 'failed' end,
      failure_kind = case when handoff_at is null then null else 'interrupted' end,
      reason = case when handoff_at is null then reason
        else 'The server stopped while handing this email over; it may have arrived, so it is not sent again' end,
      next_attempt_at = now(), lease_until = null, updated_at = now()
    where status = 'sending' and (${all} or lease_until < now()) and ${inProjects(projects)}
    returning send_id`);
  return [...new Set(rowsOf<{ send_id: string }>(result).map((r) => String(r.send_id)))];
}

/** Stamps a send complete once nothing of it is queued or in flight. */
export async function completeIfDone(db: Database, sendId: string) {
  await db
    .update(emailSends)
    .set({ completedAt: sql`now()` })
    .where(
      and(
        eq(emailSends.id, sendId),
        sql`${emailSends.completedAt} is null`,
        sql`not exists (select 1 from email_deliveries d where d.send_id = ${sendId} and d.status in ('queued', 'sending'))`,
      ),
    );
}
