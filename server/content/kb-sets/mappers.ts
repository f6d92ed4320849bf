import type { kbSets } from '@/db/schema';
import { managedFields } from '../internal';
import { publicUrls } from '../urls';
import type { TKbSet, TManagedKbSet } from './schemas';

type Row = typeof kbSets.$inferSelect;

export const DEFAULT_KB_TITLE = 'Help center';

/** The `content` string: the articles as JSON, each with its `source` only when mirrored. */
export function kbContent(row: Row): string {
  // jsonb stores keys in its own order: write them back in the documented one
  const articles = row.articles.map(({ category, title, body, source }) => ({
    category,
    title,
    body,
    ...(source && { source: { provider: source.provider, article_id: source.article_id, url: source.url, updated_at: source.updated_at } }),
  }));
  return JSON.stringify({ articles });
}

function mirror(row: Row) {
  return row.source
    ? { source: row.source, ...(row.sourceUrl && { source_url: row.sourceUrl }), ...(row.syncedAt && { synced_at: row.syncedAt.toISOString() }) }
    : { source: null };
}

/** The public object; only for published rows, which always have a slug and a published_at. */
export function toKbSet(row: Row): TKbSet {
  return {
    id: row.id,
    slug: row.slug!,
    content: kbContent(row),
    published_at: row.publishedAt!.toISOString(),
    created_at: row.createdAt.toISOString(),
    ...mirror(row),
  };
}

export function toManagedKbSet(row: Row): TManagedKbSet {
  return {
    kind: 'kb_set',
    id: row.id,
    ...managedFields(row, publicUrls.kbSet),
    title: row.title,
    content: kbContent(row),
    created_at: row.createdAt.toISOString(),
    ...mirror(row),
  };
}
