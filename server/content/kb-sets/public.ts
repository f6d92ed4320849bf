import type { Database } from '@/db/client';
import type { kbSets } from '@/db/schema';
import { AppError } from '../../errors';
import { cached } from '../cache';
import { findPublished, findPublishedList } from '../items';
import { KB_SET } from '../kinds';
import { groupArticles } from './page';
import type { TKbSetPage } from './schemas';

type Row = typeof kbSets.$inferSelect;

/** The published sets of one project, newest first (the project's public page). */
export async function listPublishedKbSetsOf(db: Database, projectSlug: string) {
  const found = await findPublishedList(KB_SET, db, { project: projectSlug, limit: 100 });
  return found.map(({ item, row }) => ({ set: item, title: (row as Row).title, article_count: (row as Row).articles.length }));
}

/** The public page of a set: articles grouped by category, rendered, with plain text for search. */
export function kbSetPage({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<TKbSetPage> {
  return cached(`kb-set-page:${input.public_slug}`, async () => {
    const found = await findPublished(KB_SET, ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', `${KB_SET.label} not found`);
    const row = found.row as Row;
    return { project: found.project, set: found.item, title: row.title, categories: groupArticles(row.articles) };
  });
}
