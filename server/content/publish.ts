import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '@/db/errors';
import type { ProjectScope } from '../auth/actor';
import { wakeWorker } from '../release-emails/internal';
import { PUBLIC_SLUG_MAX, slugify, withRandomSuffix } from '../projects/slug';
import { invalidatePublicContent } from './cache';
import type { AnyContentKind, ContentRow } from './kind';
import { toManaged } from './objects';
import { columnsOf, notFound, projectSlugOf } from './internal';
import { checkReleaseEmailTarget, queueReleaseEmail } from './release-email';

/**
 * publish_content without `publish_at`: the item goes live now (a schedule it had is dropped). With
 * `email_list_id`, its release email is queued in the same transaction: when it cannot be (no active
 * recipient), nothing is published and the error says why.
 */
export async function publishItem<M>(
  kind: AnyContentKind<unknown, M>,
  { ctx, input }: { ctx: ProjectScope; input: { id: string; email_list_id?: string } },
): Promise<M> {
  const listId = input.email_list_id;
  if (listId) await checkReleaseEmailTarget(ctx, kind, listId);
  const row = await ctx.db.transaction(async (tx) => {
    const published = await publishRow(tx, kind, ctx.projectId, input.id);
    if (listId) await queueReleaseEmail({ ...ctx, db: tx }, kind, published.id, listId);
    return published;
  });
  invalidatePublicContent();
  if (listId) wakeWorker();
  return toManaged(kind, row);
}

/**
 * Publishes one item of the project in `db` (a transaction, or the database). The first publish gives
 * it a public slug `<project>-<words>` (a random suffix when taken) and a `published_at` (`at`, else
 * now); both stay as they are on every later publish. Clears any schedule.
 */
export async function publishRow(db: DbOrTx, kind: AnyContentKind, projectId: string, id: string, at?: Date): Promise<ContentRow> {
  const t = columnsOf(kind);
  const scope = and(eq(t.id, id), eq(t.projectId, projectId));
  const [current] = await db.select().from(t).where(scope).limit(1);
  if (!current) throw notFound(kind);
  const base = baseSlug(await projectSlugOf(db, projectId), kind.slugWords?.(current) ?? kind.title(current));
  const firstPublished = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  for (let attempt = 0; attempt < 6; attempt++) {
    const candidate = attempt === 0 ? base : withRandomSuffix(base);
    try {
      // a savepoint inside a transaction, so a taken slug leaves the caller's transaction usable
      const [row] = await db.transaction((sp) =>
        sp
          .update(t)
          .set({
            status: 'published',
            publishedAt: sql`coalesce(${t.publishedAt}, ${firstPublished})`,
            slug: sql`coalesce(${t.slug}, ${candidate})`,
            publishAt: null,
            publishEmailListId: null,
          })
          .where(scope)
          .returning(),
      );
      if (!row) throw notFound(kind);
      return row;
    } catch (error) {
      if (!hasSqlState(error, UNIQUE_VIOLATION)) throw error;
    }
  }
  throw new Error('could not find a free public slug');
}

function baseSlug(projectSlug: string, words: string): string {
  const part = /[a-z0-9]/i.test(words.normalize('NFKD')) ? slugify(words, 60) : 'item';
  // leave room for `-` + a 6-character suffix within the 128 of the public slug format
  return `${projectSlug}-${part}`.slice(0, PUBLIC_SLUG_MAX - 7).replace(/-+$/, '');
}
