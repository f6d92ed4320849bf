import { blogPosts, changelogs, kbSets } from '@/db/schema';
import { toBlogPost, toManagedBlogPost } from './blog-posts/mappers';
import { toChangelog, toManagedChangelog } from './changelogs/mappers';
import { toKbSet, toManagedKbSet } from './kb-sets/mappers';
import type { TContentKind } from './schemas';

type Tables = { changelog: typeof changelogs; blog_post: typeof blogPosts; kb_set: typeof kbSets };
type RowOf<K extends TContentKind> = Tables[K]['$inferSelect'];

/** What differs between changelogs, blog posts and KB sets; every content verb takes one of these. */
export interface ContentKind<K extends TContentKind = TContentKind, Public = unknown, Managed = unknown> {
  kind: K;
  /** what the item is called in a 404 */
  label: string;
  table: Tables[K];
  toPublic(row: RowOf<K>): Public;
  toManaged(row: RowOf<K>): Managed;
  /** the words of the public slug given on first publish */
  slugWords(managed: Managed): string;
}

function describe<K extends TContentKind, P, M>(kind: ContentKind<K, P, M>) {
  return kind;
}

export const CHANGELOG = describe({
  kind: 'changelog',
  label: 'Changelog',
  table: changelogs,
  toPublic: toChangelog,
  toManaged: toManagedChangelog,
  slugWords: (item) => item.version || item.title,
});

export const BLOG_POST = describe({
  kind: 'blog_post',
  label: 'Blog post',
  table: blogPosts,
  toPublic: toBlogPost,
  toManaged: toManagedBlogPost,
  slugWords: (item) => item.title,
});

export const KB_SET = describe({
  kind: 'kb_set',
  label: 'Knowledge-base set',
  table: kbSets,
  toPublic: toKbSet,
  toManaged: toManagedKbSet,
  slugWords: (item) => item.title,
});

export const CONTENT_KINDS = { changelog: CHANGELOG, blog_post: BLOG_POST, kb_set: KB_SET } as const;
