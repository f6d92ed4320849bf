import { and, eq } from 'drizzle-orm';
import { kbSets, type KbArticleRecord } from '@/db/schema';
import { AppError } from '../../errors';
import { invalidatePublicContent } from '../cache';
import type { ProjectScope } from '../internal';
import { DEFAULT_KB_TITLE, toManagedKbSet } from './mappers';
import type { TManagedKbSet, TSaveKbSetInput } from './schemas';

/** save_kb_set: a new draft set without `id`, else replaces the articles of the project's set. */
export async function saveKbSet({ ctx, input }: { ctx: ProjectScope; input: TSaveKbSetInput }): Promise<TManagedKbSet> {
  const articles: KbArticleRecord[] = input.articles.map((a) => ({
    category: a.category,
    title: a.title,
    body: a.body,
    ...(a.source && { source: a.source }),
  }));
  const values = {
    articles,
    ...(input.title !== undefined && { title: input.title }),
    ...(input.source !== undefined && { source: input.source }),
    ...(input.source_url !== undefined && { sourceUrl: input.source_url }),
    ...(input.synced_at !== undefined && { syncedAt: input.synced_at ? new Date(input.synced_at) : null }),
  };
  const [row] = input.id
    ? await ctx.db
        .update(kbSets)
        .set(values)
        .where(and(eq(kbSets.id, input.id), eq(kbSets.projectId, ctx.projectId)))
        .returning()
    : await ctx.db
        .insert(kbSets)
        .values({ title: DEFAULT_KB_TITLE, ...values, projectId: ctx.projectId })
        .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Knowledge-base set not found');
  invalidatePublicContent();
  return toManagedKbSet(row);
}
