import type { z } from 'zod';
import type { blogPosts, changelogs, kbSets } from '@/db/schema';
import type { FeedChannel, FeedItem } from './rss';
import type { TContentKind, TPublicProject } from './schemas';

export type ContentTable = typeof changelogs | typeof blogPosts | typeof kbSets;
export type ContentRow = ContentTable['$inferSelect'];

/** A published item as the public verbs find it: its public object, its row and its project. */
export interface Published<Row = ContentRow, P = unknown> {
  item: P;
  row: Row;
  project: TPublicProject;
}

/** What every public object carries beside its kind's fields. */
export interface PublicItem {
  slug: string;
  published_at: string;
}

/** The channel texts of a feed; links and dates are the same for every kind. */
export type FeedTexts = Pick<FeedChannel, 'title' | 'description'>;

/**
 * What differs between changelogs, blog posts and KB sets; every content verb and procedure takes one
 * of these (server/content/kinds/). Methods, not function properties: a descriptor of one kind then
 * stands where the verbs expect any kind.
 */
export interface ContentKind<
  K extends TContentKind = TContentKind,
  T extends ContentTable = ContentTable,
  P = unknown,
  M = unknown,
  I = unknown,
  Page = unknown,
> {
  kind: K;
  /** what an item is called in a 404: `<label> not found`, and in tool titles */
  label: string;
  /** in OpenAPI summaries and tool descriptions when it is not the label in lower case */
  noun?: string;
  /** the public path segment: pages `/<path>/<slug>`, REST `/<path>/{public_slug}` and `/<path>s` */
  path: string;
  table: T;
  schemas: { public: z.ZodType<P>; managed: z.ZodType<M>; save: z.ZodType<I>; page: z.ZodType<Page> };
  /** the public object's own fields; objects.ts adds `slug` and `published_at`, and for authors `title` and MANAGED_FIELDS */
  fields(row: T['$inferSelect']): Omit<P, 'slug' | 'published_at'>;
  /** the title pages, lists and authors see */
  title(row: T['$inferSelect']): string;
  /** the words of the public slug given on first publish, when they are not the title */
  slugWords?(row: T['$inferSelect']): string;
  /** save_*: the columns an input writes, and what a new item starts with beside them */
  saveValues(input: I): Partial<T['$inferInsert']>;
  /** what pages and feeds show, rendered and sanitized once: at save, from the columns saveValues writes */
  render(source: Partial<T['$inferInsert']>): NonNullable<T['$inferInsert']['rendered']>;
  createDefaults?(): Partial<T['$inferInsert']>;
  /** the public page of an item */
  page(found: Published<T['$inferSelect'], P>): Page;
  /** the markdown twin of the page (`/<path>/<slug>.md`), for agents: the source as written, headed by what the page adds */
  markdown(found: Published<T['$inferSelect'], P>): string;
  /** RSS: the channel of one item's feed and its items; `list` for a feed of all published items */
  feed?: {
    channel(found: Published<T['$inferSelect'], P>): FeedTexts;
    items(found: Published<T['$inferSelect'], P>): FeedItem[];
    list?(project: { name?: string; slug?: string }): FeedTexts;
  };
}

/** What an item of a kind is called in running text, one and many: `blog post`, `blog posts`. */
export function nounsOf(kind: Pick<ContentKind, 'label' | 'noun'>) {
  const one = kind.noun ?? kind.label.toLowerCase();
  return { one, many: `${one}s` };
}

/** Checks a descriptor against its own types and keeps them for the verbs. */
export function defineKind<K extends TContentKind, T extends ContentTable, P, M, I, Page>(kind: ContentKind<K, T, P, M, I, Page>) {
  return kind;
}

/** Any kind whose public objects are P and whose authoring objects are M: what a verb takes. */
export type AnyContentKind<P = unknown, M = unknown, I = unknown, Page = unknown> = ContentKind<TContentKind, ContentTable, P, M, I, Page>;

/** A kind of table T whose public objects are P: what a public verb takes, so its rows keep their type. */
export type PublicKind<T extends ContentTable, P> = ContentKind<TContentKind, T, P>;
