import { and, eq } from 'drizzle-orm';
import type { ProjectScope } from '../auth/actor';
import { invalidatePublicContent } from './cache';
import type { AnyContentKind } from './kind';
import { toManaged } from './objects';
import { columnsOf, notFound } from './internal';

/**
 * unpublish_content: the item becomes a draft and keeps its slug; its public URLs answer 404 until published
 * again. On a scheduled draft it cancels the schedule (and its release email).
 */
export async function unpublishItem<M>(kind: AnyContentKind<unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<M> {
  const t = columnsOf(kind);
  const [row] = await ctx.db
    .update(t)
    .set({ status: 'draft', publishAt: null, publishEmailListId: null })
    .where(and(eq(t.id, input.id), eq(t.projectId, ctx.projectId)))
    .returning();
  if (!row) throw notFound(kind);
  invalidatePublicContent();
  return toManaged(kind, row);
}
