import { and, eq, sql } from 'drizzle-orm';
import { recipientImports } from '@/db/schema';
import { clock } from '../clock';
import { AppError } from '../errors';
import type { ProjectScope } from '../mailing-lists/internal';
import { capMessage, getImportRow, parsedOf, planAgainstList, toImport } from './internal';
import { wakeImportWorker } from './wake';
import { ACTIVE_LIMIT, type TImport, type TImportRef } from './schemas';

/**
 * Import: queues the job for the server's import worker, which applies it in one transaction
 * whether or not anyone keeps watching. Refused while the file would take the list past the cap
 * against the list as it is now, and for a job that already started.
 */
export async function startImport({ ctx, input }: { ctx: ProjectScope; input: TImportRef }): Promise<TImport> {
  const row = await getImportRow(ctx.db, ctx.projectId, input.list_id, input.import_id);
  if (row.status !== 'ready') throw new AppError('CONFLICT', `This import was already started (it is ${row.status})`);
  if (row.expiresAt.getTime() <= clock().now() || row.rows === null) throw new AppError('CONFLICT', 'This preview expired; upload the file again');
  const plan = await planAgainstList(ctx.db, ctx.projectId, input.list_id, parsedOf(row), false);
  if (plan.activeAfter > ACTIVE_LIMIT) throw new AppError('LIMIT', capMessage(plan.activeAfter));
  const [queued] = await ctx.db
    .update(recipientImports)
    .set({ status: 'queued', startedAt: new Date(clock().now()), updatedAt: sql`now()` })
    .where(and(eq(recipientImports.id, row.id), eq(recipientImports.projectId, ctx.projectId), eq(recipientImports.status, 'ready')))
    .returning();
  if (!queued) throw new AppError('CONFLICT', 'This import was already started');
  wakeImportWorker();
  return toImport(queued);
}
