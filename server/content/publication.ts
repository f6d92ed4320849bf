import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { blogPosts, changelogs, kbSets } from '@/db/schema';
import { AppError } from '../errors';
import { slugify, withRandomSuffix } from '../projects/slug';
import { invalidatePublicContent } from './cache';
import { PUBLIC_SLUG_MAX } from './schemas';

type ContentTable = typeof changelogs | typeof blogPosts | typeof kbSets;
// The publication columns are identical in the three tables; one typed view of them serves all.
const view = (table: ContentTable) => table as typeof changelogs;

export interface PublishTarget {
  db: Database;
  table: ContentTable;
  projectId: string;
  id: string;
  /** the project's slug and the item's words (title, version): the slug given on first publish */
  projectSlug: string;
  words: string;
  /** what the item is called in a 404 */
  label: string;
}

/**
 * Publishes an item of the project. The first publish gives it a public slug `<project>-<words>`
 * (a random suffix when taken) and a `published_at`; both stay as they are on every later publish.
 */
export async function publishItem(target: PublishTarget): Promise<void> {
  const t = view(target.table);
  const scope = and(eq(t.id, target.id), eq(t.projectId, target.projectId));
  const base = baseSlug(target.projectSlug, target.words);
  for (let attempt = 0; attempt < 6; attempt++) {
    const candidate = attempt === 0 ? base : withRandomSuffix(base);
    try {
      const [row] = await target.db
        .update(t)
        .set({ status: 'published', publishedAt: sql`coalesce(${t.publishedAt}, now())`, slug: sql`coalesce(${t.slug}, ${candidate})` })
        .where(scope)
        .returning({ id: t.id });
      if (!row) throw new AppError('NOT_FOUND', `${target.label} not found`);
      invalidatePublicContent();
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not find a free public slug');
}

/** Takes an item of the project off the public surface; it becomes a draft and keeps its slug. */
export async function unpublishItem(target: Pick<PublishTarget, 'db' | 'table' | 'projectId' | 'id' | 'label'>): Promise<void> {
  const t = view(target.table);
  const [row] = await target.db
    .update(t)
    .set({ status: 'draft' })
    .where(and(eq(t.id, target.id), eq(t.projectId, target.projectId)))
    .returning({ id: t.id });
  if (!row) throw new AppError('NOT_FOUND', `${target.label} not found`);
  invalidatePublicContent();
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
