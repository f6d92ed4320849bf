import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { kbSets, projects } from '@/db/schema';
import { AppError } from '../errors';
import { cached } from '../content/cache';
import { toPublicProject } from '../content/internal';
import { groupArticles } from './page';
import { toKbSet } from './mappers';
import type { TKbSetPage } from './schemas';

const NOT_FOUND = 'Knowledge-base set not found';

/** A published set with its project and title, or null; cached, misses included. */
export function findPublishedKbSet(db: Database, slug: string) {
  return cached(`kb-set:${slug}`, async () => {
    const [row] = await db
      .select({ set: kbSets, project: { name: projects.name, slug: projects.slug } })
      .from(kbSets)
      .innerJoin(projects, eq(projects.id, kbSets.projectId))
      .where(and(eq(kbSets.slug, slug), eq(kbSets.status, 'published')))
      .limit(1);
    return row ? { set: toKbSet(row.set), project: toPublicProject(row.project), title: row.set.title, articles: row.set.articles } : null;
  });
}

/** GET /kb/{public_slug} */
export async function getPublishedKbSet({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }) {
  const found = await findPublishedKbSet(ctx.db, input.public_slug);
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  return found.set;
}

/** The published sets of one project, newest first (the project's public page). */
export function listPublishedKbSetsOf(db: Database, projectSlug: string) {
  return cached(`kb-sets:${projectSlug}`, async () => {
    const rows = await db
      .select({ set: kbSets })
      .from(kbSets)
      .innerJoin(projects, eq(projects.id, kbSets.projectId))
      .where(and(eq(kbSets.status, 'published'), eq(projects.slug, projectSlug)))
      .orderBy(desc(kbSets.publishedAt), desc(kbSets.id))
      .limit(100);
    return rows.map((r) => ({ set: toKbSet(r.set), title: r.set.title, article_count: r.set.articles.length }));
  });
}

/** The public page of a set: articles grouped by category, rendered, with plain text for search. */
export function kbSetPage({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<TKbSetPage> {
  return cached(`kb-set-page:${input.public_slug}`, async () => {
    const found = await findPublishedKbSet(ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
    return { project: found.project, set: found.set, title: found.title, categories: groupArticles(found.articles) };
  });
}
