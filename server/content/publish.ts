import { and, eq, sql } from 'drizzle-orm';
import type { ProjectScope } from '../auth/actor';
import { slugify, withRandomSuffix } from '../projects/slug';
import { invalidatePublicContent } from './cache';
import type { AnyContentKind } from './kind';
import { toManaged } from './objects';
import { columnsOf, notFound, projectSlugOf } from './internal';
import { PUBLIC_SLUG_MAX } from './schemas';

/**
 * publish_content: the item goes live. The first publish gives it a public slug `<project>-<words>`
 * (a random suffix when taken) and a `published_at`; both stay as they are on every later publish.
 */
export async function publishItem<M>(kind: AnyContentKind<unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<M> {
  const t = columnsOf(kind);
  const scope = and(eq(t.id, input.id), eq(t.projectId, ctx.projectId));
  const [current] = await ctx.db.select().from(t).where(scope).limit(1);
  if (!current) throw notFound(kind);
  const base = baseSlug(await projectSlugOf(ctx.db, ctx.projectId), kind.slugWords?.(current) ?? kind.title(current));
  for (let attempt = 0; attempt < 6; attempt++) {
    const candidate = attempt === 0 ? base : withRandomSuffix(base);
    try {
      const [row] = await ctx.db
        .update(t)
        .set({ status: 'published', publishedAt: sql`coalesce(${t.publishedAt}, now())`, slug: sql`coalesce(${t.slug}, ${candidate})` })
        .where(scope)
        .returning();
      if (!row) throw notFound(kind);
      invalidatePublicContent();
      return toManaged(kind, row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not find a free public slug');
}

function baseSlug(projectSlug: string, words: string): string {
  const part = /[a-z0-9]/i.test(words.normalize('NFKD')) ? slugify(words, 60) : 'item';
  // leave room for `-` + a 6-character suffix within the 128 of the public slug format
  return `${projectSlug}-${part}`.slice(0, PUBLIC_SLUG_MAX - 7).replace(/-+$/, '');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
