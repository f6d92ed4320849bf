import type { changelogs } from '@/db/schema';
import { managedFields } from '../internal';
import { publicUrls } from '../urls';
import type { TChangelog, TManagedChangelog } from './schemas';

type Row = typeof changelogs.$inferSelect;

/** The public object; only for published rows, which always have a slug and a published_at. */
export function toChangelog(row: Row): TChangelog {
  return {
    ...fields(row),
    slug: row.slug!,
    published_at: row.publishedAt!.toISOString(),
  };
}

function fields(row: Row) {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    content: row.content,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    commit_count: row.commitCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function toManagedChangelog(row: Row): TManagedChangelog {
  return {
    kind: 'changelog',
    ...fields(row),
    ...managedFields(row, publicUrls.changelog),
  };
}
