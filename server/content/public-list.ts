import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { projects } from '@/db/schema';
import { cached } from './cache';
import type { AnyContentKind, ContentTable, PublicKind, Published } from './kind';
import { columnsOf, type PublicScope } from './internal';
import { selectPublished, toPublished } from './public-get';
import type { TPublicListInput } from './schemas';

/** Published items of a kind, of every project or of one, newest first, each with its row and project; cached. */
export function findPublishedList<T extends ContentTable, P>(kind: PublicKind<T, P>, db: Database, input: TPublicListInput): Promise<Published<T['$inferSelect'], P>[]> {
  return cached(`${kind.kind}s:${input.project ?? ''}:${input.limit}`, async () => {
    const t = columnsOf(kind);
    const rows = await selectPublished(kind, db, input.project ? eq(projects.slug, input.project) : undefined)
      .orderBy(desc(t.publishedAt), desc(t.id))
      .limit(input.limit);
    return rows.map((found) => toPublished(kind, found));
  });
}

/** GET /changelogs, /blogs: the public objects, newest first. */
export async function listPublished<P>(kind: AnyContentKind<P>, { ctx, input }: { ctx: PublicScope; input: TPublicListInput }): Promise<P[]> {
  return (await findPublishedList(kind, ctx.db, input)).map((found) => found.item);
}
