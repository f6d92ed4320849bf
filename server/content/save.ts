import { and, eq } from 'drizzle-orm';
import type { changelogs } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { invalidatePublicContent } from './cache';
import type { AnyContentKind } from './kind';
import { toManaged } from './objects';
import { stamped } from './rendered';
import { columnsOf, notFound } from './internal';

type Values = typeof changelogs.$inferInsert;

/** save_changelog, save_blog_post, save_kb_set: a new draft without `id`, else an update of the project's item (live if published). */
export async function saveItem<M, I extends { id?: string }>(kind: AnyContentKind<unknown, M, I>, { ctx, input }: { ctx: ProjectScope; input: I }): Promise<M> {
  const t = columnsOf(kind);
  const source = kind.saveValues(input);
  const values = { ...source, rendered: stamped(kind.render(source)) } as Values;
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = input.id
      ? await tx
          .update(t)
          .set(values)
          .where(and(eq(t.id, input.id), eq(t.projectId, ctx.projectId)))
          .returning()
      : await tx
          .insert(t)
          .values({ ...kind.createDefaults?.(), ...values, projectId: ctx.projectId } as Values)
          .returning();
    if (!saved) throw notFound(kind);
    // one bound sent alone (or a new post's default day) can still cross the stored other one
    if (saved.periodStart && saved.periodEnd && saved.periodEnd < saved.periodStart) {
      throw new AppError('VALIDATION', 'period_end is before period_start', ['body', 'period_end']);
    }
    return saved;
  });
  invalidatePublicContent();
  return toManaged(kind, row);
}
