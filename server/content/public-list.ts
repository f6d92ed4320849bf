import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { bannerEmbeds, projects } from '@/db/schema';
import { cached } from './cache';
import type { AnyContentKind, ContentTable, PublicKind, Published } from './kind';
import { columnsOf, type PublicScope } from './internal';
import { selectPublished, toPublished } from './public-get';
import type { TPublicListInput } from './schemas';

/** Published items of a kind, of every project or of one, newest first, each with its row and project; cached. */
export function findPublishedList<T extends ContentTable, P>(kind: PublicKind<T, P>, db: Database, input: TPublicListInput): Promise<Published<T['$inferSelect'], P>[]> {
  return cached(`${kind.kind}s:${input.project ?? ''}:${input.key ?? ''}:${input.limit}`, async () => {
    const t = columnsOf(kind);
    const rows = await selectPublished(kind, db, projectFilter(db, input))
      .orderBy(desc(t.publishedAt), desc(t.id))
      .limit(input.limit);
    return rows.map((found) => toPublished(kind, found));
  });
}

/** `project` and `key` each narrow to one project; both must then name the same one. */
function projectFilter(db: Database, { project, key }: TPublicListInput) {
  const embedProject = key ? inArray(projects.id, db.select({ id: bannerEmbeds.projectId }).from(bannerEmbeds).where(eq(bannerEmbeds.slug, key))) : undefined;
  return and(project ? eq(projects.slug, project) : undefined, embedProject);
}

/** GET /changelogs, /blogs: the public objects, newest first. */
export async function listPublished<P>(kind: AnyContentKind<P>, { ctx, input }: { ctx: PublicScope; input: TPublicListInput }): Promise<P[]> {
  return (await findPublishedList(kind, ctx.db, input)).map((found) => found.item);
}
