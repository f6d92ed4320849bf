import { and, desc, eq, or, sql } from 'drizzle-orm';
import { recipients } from '@/db/schema';
import { AppError } from '../errors';
import { lockList, type ProjectScope } from '../mailing-lists/internal';
import { scopeOf } from './internal';
import { writingLists } from '../mailing-lists/kept-lists';

type RemoveOneStatus = 'removed' | 'already_removed' | 'unsubscribed';

/**
 * DELETE recipients/{identifier}: the identifier is tried as an email address (case-insensitive),
 * then as an external_id. Soft and idempotent: the row stays, an unsubscribed one is left alone.
 */
export async function removeRecipient({
  ctx,
  input,
}: {
  ctx: ProjectScope;
  input: { list_id: string; identifier: string };
}): Promise<{ status: RemoveOneStatus }> {
  return writingLists(ctx.db, async (tx) => {
    await lockList(tx, ctx.projectId, input.list_id);
    const email = input.identifier.trim().toLowerCase();
    const [match] = await tx
      .select({ id: recipients.id, status: recipients.status })
      .from(recipients)
      .where(and(scopeOf(ctx.projectId, input.list_id), or(eq(recipients.email, email), eq(recipients.externalId, input.identifier))))
      .orderBy(desc(sql`${recipients.email} = ${email}`))
      .limit(1);
    if (!match) throw new AppError('NOT_FOUND', 'Recipient not found');
    if (match.status === 'unsubscribed') return { status: 'unsubscribed' };
    if (match.status === 'removed') return { status: 'already_removed' };
    await tx
      .update(recipients)
      .set({ status: 'removed', statusChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(scopeOf(ctx.projectId, input.list_id), eq(recipients.id, match.id)));
    return { status: 'removed' };
  });
}
