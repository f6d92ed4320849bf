import { eq } from 'drizzle-orm';
import { projects, subscribeForms } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { invalidatePublicContent } from '../content/cache';
import { AppError } from '../errors';
import { getListRow } from '../mailing-lists/internal';
import { formUrls } from './internal';
import type { TSubscribeFormSettings } from './schemas';

export async function getSubscribeForm({ ctx }: { ctx: ProjectScope }): Promise<TSubscribeFormSettings> {
  const [row] = await ctx.db
    .select({ slug: projects.slug, listId: subscribeForms.listId })
    .from(projects)
    .leftJoin(subscribeForms, eq(subscribeForms.projectId, projects.id))
    .where(eq(projects.id, ctx.projectId));
  if (!row) throw new AppError('NOT_FOUND', 'Project not found');
  return { list_id: row.listId ?? null, ...formUrls(row.slug) };
}

/** Points the public form at one of the project's lists, or (null) turns it off. */
export async function setSubscribeForm({ ctx, input }: { ctx: ProjectScope; input: { list_id: string | null } }) {
  if (input.list_id === null) {
    await ctx.db.delete(subscribeForms).where(eq(subscribeForms.projectId, ctx.projectId));
  } else {
    await getListRow(ctx.db, ctx.projectId, input.list_id);
    await ctx.db
      .insert(subscribeForms)
      .values({ projectId: ctx.projectId, listId: input.list_id })
      .onConflictDoUpdate({ target: subscribeForms.projectId, set: { listId: input.list_id, updatedAt: new Date() } });
  }
  // the public pages are kept rendered: show or hide the form on every instance now
  invalidatePublicContent();
  return getSubscribeForm({ ctx });
}
