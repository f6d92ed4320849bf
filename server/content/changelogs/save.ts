import { and, eq } from 'drizzle-orm';
import { changelogs } from '@/db/schema';
import { AppError } from '../../errors';
import { invalidatePublicContent } from '../cache';
import type { ProjectScope } from '../internal';
import { toDate } from '../schemas';
import { toManagedChangelog } from './mappers';
import type { TManagedChangelog, TSaveChangelogInput } from './schemas';

/** save_changelog: a new draft without `id`, else an update of the project's changelog (live if published). */
export async function saveChangelog({ ctx, input }: { ctx: ProjectScope; input: TSaveChangelogInput }): Promise<TManagedChangelog> {
  const values = {
    title: input.title,
    content: input.content,
    ...(input.version !== undefined && { version: input.version || null }),
    ...(input.period_start !== undefined && { periodStart: input.period_start && toDate(input.period_start) }),
    ...(input.period_end !== undefined && { periodEnd: input.period_end && toDate(input.period_end) }),
    ...(input.commit_count !== undefined && { commitCount: input.commit_count }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = input.id
      ? await tx
          .update(changelogs)
          .set(values)
          .where(and(eq(changelogs.id, input.id), eq(changelogs.projectId, ctx.projectId)))
          .returning()
      : await tx.insert(changelogs).values({ ...values, projectId: ctx.projectId }).returning();
    if (!saved) throw new AppError('NOT_FOUND', 'Changelog not found');
    // an update that sends one bound can still cross the stored other one
    if (saved.periodStart && saved.periodEnd && saved.periodEnd < saved.periodStart) {
      throw new AppError('VALIDATION', 'period_end is before period_start', ['body', 'period_end']);
    }
    return saved;
  });
  invalidatePublicContent();
  return toManagedChangelog(row);
}
