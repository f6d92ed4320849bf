import { and, eq, ne, sql } from 'drizzle-orm';
import { emailDeliveries, emailSends } from '@/db/schema';
import type { ProjectScope } from '../mailing-lists/internal';
import { getSendRow, wakeWorker } from './internal';

/**
 * Queues the failed deliveries of a send again, and only those. An interrupted one (handed over when
 * the process died, so it may have arrived) stays failed: retrying it could send it twice.
 */
export async function retryFailures({ ctx, input }: { ctx: ProjectScope; input: { send_id: string } }) {
  await getSendRow(ctx.db, ctx.projectId, input.send_id);
  const requeued = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(emailDeliveries)
      .set({ status: 'queued', failureKind: null, reason: null, attempts: 0, handoffAt: null, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(emailDeliveries.sendId, input.send_id),
          eq(emailDeliveries.projectId, ctx.projectId),
          eq(emailDeliveries.status, 'failed'),
          ne(emailDeliveries.failureKind, 'interrupted'),
        ),
      )
      .returning({ id: emailDeliveries.id });
    if (rows.length) {
      await tx.update(emailSends).set({ completedAt: null }).where(and(eq(emailSends.id, input.send_id), eq(emailSends.projectId, ctx.projectId)));
    }
    return rows.length;
  });
  if (requeued) wakeWorker();
  return { requeued, send: await getSendRow(ctx.db, ctx.projectId, input.send_id) };
}
