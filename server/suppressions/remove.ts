import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailSuppressions } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { toSuppression } from './list';
import type { TRemoveSuppressionInput } from './schemas';

/**
 * Takes an address off the list, with the reason why; the row stays as history. Its recipients were
 * never changed, so the active ones receive the next release email again. Repeating it changes nothing.
 */
export async function removeSuppression({ ctx, input }: { ctx: ProjectScope & { userId?: string }; input: TRemoveSuppressionInput }) {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('BAD_REQUEST', 'A reason for the removal is required');
  const [row] = await ctx.db
    .update(emailSuppressions)
    .set({ removedAt: sql`now()`, removalReason: reason, removedBy: ctx.userId ?? null, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailSuppressions.projectId, ctx.projectId),
        eq(emailSuppressions.email, input.email.trim().toLowerCase()),
        isNull(emailSuppressions.removedAt),
      ),
    )
    .returning();
  if (row) return toSuppression(row);
  // already removed: idempotent, the first removal's reason stays
  const [removed] = await ctx.db
    .select()
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.projectId, ctx.projectId), eq(emailSuppressions.email, input.email.trim().toLowerCase())));
  if (!removed) throw new AppError('NOT_FOUND', 'This address is not on the suppression list');
  return toSuppression(removed);
}
