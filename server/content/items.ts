import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { changelogs, projects } from '@/db/schema';
import { AppError } from '../errors';
import { cached } from './cache';
import { projectSlugOf, toPublicProject, type ProjectScope } from './internal';
import type { ContentKind } from './kinds';
import { publishItem, unpublishItem } from './publication';
import type { TContentKind, TContentStatus, TPublicProject } from './schemas';

// The three tables share these columns; one typed view of them serves every kind.
const columns = (kind: { table: unknown }) => kind.table as typeof changelogs;

/** get_changelog, get_blog_post, get_kb_set: one item of the project, draft or published. */
export async function getItem<K extends TContentKind, M>(kind: ContentKind<K, unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<M> {
  const t = columns(kind);
  const [row] = await ctx.db.select().from(t).where(and(eq(t.id, input.id), eq(t.projectId, ctx.projectId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `${kind.label} not found`);
  return kind.toManaged(row as never);
}

/** list_*: the project's items, newest first, optionally only drafts or only published. */
export async function listItems<K extends TContentKind, M>(kind: ContentKind<K, unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { status?: TContentStatus } }): Promise<M[]> {
  const t = columns(kind);
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.projectId, ctx.projectId), input.status ? eq(t.status, input.status) : undefined))
    .orderBy(desc(t.createdAt), desc(t.id));
  return rows.map((row) => kind.toManaged(row as never));
}

/** publish_content: the item goes live under its public slug (given on first publish, kept after). */
export async function publish<K extends TContentKind, M>(kind: ContentKind<K, unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<M> {
  const current = await getItem(kind, { ctx, input });
  const projectSlug = await projectSlugOf(ctx.db, ctx.projectId);
  await publishItem({ db: ctx.db, table: kind.table, projectId: ctx.projectId, id: input.id, projectSlug, words: kind.slugWords(current), label: kind.label });
  return getItem(kind, { ctx, input });
}

/** unpublish_content: the item becomes a draft; its public URLs answer 404 until published again. */
export async function unpublish<K extends TContentKind, M>(kind: ContentKind<K, unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<M> {
  await unpublishItem({ db: ctx.db, table: kind.table, projectId: ctx.projectId, id: input.id, label: kind.label });
  return getItem(kind, { ctx, input });
}

/** A published item with its project (and its row, for a page's extras), or null; cached, misses included. */
export function findPublished<K extends TContentKind, P>(kind: ContentKind<K, P>, db: Database, slug: string) {
  return cached(`${kind.kind}:${slug}`, async () => {
    const t = columns(kind);
    const [row] = await db
      .select({ item: t, project: { name: projects.name, slug: projects.slug } })
      .from(t)
      .innerJoin(projects, eq(projects.id, t.projectId))
      .where(and(eq(t.slug, slug), eq(t.status, 'published')))
      .limit(1);
    return row ? { item: kind.toPublic(row.item as never), row: row.item as unknown, project: toPublicProject(row.project) as TPublicProject } : null;
  });
}

/** GET /changelog/{public_slug} and the like: the public object, or 404. */
export async function getPublished<K extends TContentKind, P>(kind: ContentKind<K, P>, { ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<P> {
  const found = await findPublished(kind, ctx.db, input.public_slug);
  if (!found) throw new AppError('NOT_FOUND', `${kind.label} not found`);
  return found.item;
}

/** Published items of every project, or of one, newest first, each with its project and row; cached. */
export function findPublishedList<K extends TContentKind, P>(kind: ContentKind<K, P>, db: Database, input: { project?: string; limit: number }) {
  return cached(`${kind.kind}s:${input.project ?? ''}:${input.limit}`, async () => {
    const t = columns(kind);
    const rows = await db
      .select({ item: t, project: { name: projects.name, slug: projects.slug } })
      .from(t)
      .innerJoin(projects, eq(projects.id, t.projectId))
      .where(and(eq(t.status, 'published'), input.project ? eq(projects.slug, input.project) : undefined))
      .orderBy(desc(t.publishedAt), desc(t.id))
      .limit(input.limit);
    return rows.map((r) => ({ item: kind.toPublic(r.item as never), row: r.item as unknown, project: toPublicProject(r.project) as TPublicProject }));
  });
}

/** GET /changelogs, /blogs: the public objects of findPublishedList. */
export async function listPublished<K extends TContentKind, P>(kind: ContentKind<K, P>, { ctx, input }: { ctx: { db: Database }; input: { project?: string; limit: number } }): Promise<P[]> {
  return (await findPublishedList(kind, ctx.db, input)).map((found) => found.item);
}
