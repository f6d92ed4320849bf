import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { projects } from '@/db/schema';
import { cached } from './cache';
import type { AnyContentKind, ContentTable, PublicKind, Published } from './kind';
import { columnsOf, notFound, toPublicProject, type PublicScope } from './internal';
import { toPublic } from './objects';

/** The published rows of a kind matching `where`, each with its project's name and slug. */
export function selectPublished(kind: AnyContentKind, db: Database, where: SQL | undefined) {
  const t = columnsOf(kind);
  return db
    .select({ row: t, project: { name: projects.name, slug: projects.slug } })
    .from(t)
    .innerJoin(projects, eq(projects.id, t.projectId))
    .where(and(eq(t.status, 'published'), where));
}

/** A row of selectPublished as the public verbs hand it on. */
export function toPublished<T extends ContentTable, P>(kind: PublicKind<T, P>, found: { row: unknown; project: { name: string; slug: string } }): Published<T['$inferSelect'], P> {
  const row = found.row as T['$inferSelect'];
  return { item: toPublic(kind, row), row, project: toPublicProject(found.project) };
}

/** A published item of a kind by its public slug, with its row and project, or null; cached, misses included. */
export function findPublished<T extends ContentTable, P>(kind: PublicKind<T, P>, db: Database, slug: string): Promise<Published<T['$inferSelect'], P> | null> {
  return cached(`${kind.kind}:${slug}`, async () => {
    const [found] = await selectPublished(kind, db, eq(columnsOf(kind).slug, slug)).limit(1);
    return found ? toPublished(kind, found) : null;
  });
}

/** The published item of a public slug, or a 404 in the kind's words. */
export async function findPublishedOrThrow<T extends ContentTable, P>(kind: PublicKind<T, P>, db: Database, slug: string): Promise<Published<T['$inferSelect'], P>> {
  const found = await findPublished(kind, db, slug);
  if (!found) throw notFound(kind);
  return found;
}

/** GET /changelog/{public_slug}, /blog/{public_slug}, /kb/{public_slug}: the public object, or 404. */
export async function getPublished<P>(kind: AnyContentKind<P>, { ctx, input }: { ctx: PublicScope; input: { public_slug: string } }): Promise<P> {
  return (await findPublishedOrThrow(kind, ctx.db, input.public_slug)).item;
}
