import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailDeliveries, emailSends } from '@/db/schema';
import { AppError } from '../errors';
import type { TSend } from './schemas';

type SendRow = typeof emailSends.$inferSelect;

const count = (status: string) => sql<number>`(count(*) filter (where ${emailDeliveries.status} = ${status}))::int`;
const suppressedFor = (reason: string) =>
  sql<number>`(count(${emailDeliveries.id}) filter (where ${emailDeliveries.status} = 'skipped' and ${emailDeliveries.suppressedFor} = ${reason}))::int`;

/** The per-reason counts of deliveries skipped for the suppression list, as columns of a select. */
export const suppressedColumns = {
  suppressedHardBounce: suppressedFor('hard_bounce'),
  suppressedComplaint: suppressedFor('complaint'),
  suppressedManual: suppressedFor('manual'),
};
type SuppressedColumns = { suppressedHardBounce: number; suppressedComplaint: number; suppressedManual: number };

/** One send of the project with its counts; 404 when it is missing or in another project. */
export async function getSendRow(db: DbOrTx, projectId: string, sendId: string): Promise<TSend> {
  const [send] = await db.select().from(emailSends).where(and(eq(emailSends.id, sendId), eq(emailSends.projectId, projectId)));
  if (!send) throw new AppError('NOT_FOUND', 'Release email not found');
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      queued: count('queued'),
      sending: count('sending'),
      sent: count('sent'),
      failed: count('failed'),
      skipped: count('skipped'),
      retryable: sql<number>`(count(*) filter (where ${emailDeliveries.status} = 'failed' and ${emailDeliveries.failureKind} <> 'interrupted'))::int`,
      ...suppressedColumns,
    })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.sendId, sendId), eq(emailDeliveries.projectId, projectId)));
  return toSend(send, counts!);
}

export function toSend(row: SendRow, counts: Pick<TSend, 'total' | 'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'retryable'> & SuppressedColumns): TSend {
  const { suppressedHardBounce, suppressedComplaint, suppressedManual, ...progress } = counts;
  const [hard_bounce, complaint, manual] = [suppressedHardBounce, suppressedComplaint, suppressedManual].map(Number) as [number, number, number];
  return {
    id: row.id,
    list_id: row.listId,
    list_name: row.listName,
    kind: row.contentKind,
    item_id: row.contentId,
    subject: row.subject,
    public_url: row.publicUrl,
    status: progress.queued + progress.sending === 0 ? 'done' : 'sending',
    ...progress,
    suppressed: { total: hard_bounce + complaint + manual, hard_bounce, complaint, manual },
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** Wakes this process's worker so a new send starts at once instead of at the next poll. */
export function wakeWorker() {
  globalThis.__shipnoteEmailWorker?.wake();
}

declare global {
  var __shipnoteEmailWorker: { wake(): void } | undefined;
}
