import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { projects } from './projects';

/** Publication state shared by every content kind: drafts until published, back to draft on unpublish. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** One article of a knowledge-base set; `source` only on sets mirrored from an external help center. */
export interface KbArticleRecord {
  category: string;
  title: string;
  body: string;
  source?: { provider: string; article_id: string; url: string; updated_at: string };
}

/**
 * What pages and feeds show of an item, rendered and sanitized once at save (server/content/kinds) and
 * stored beside its source, with the version of the rendering that made it (server/content/rendered.ts);
 * null or of an older version on rows saved before, which are rendered again when read and rewritten.
 */
interface Rendered {
  /** RENDERED_VERSION when it was rendered; absent on renderings older than versions */
  version?: number;
}

export interface RenderedChangelog extends Rendered {
  html: string;
  /** plain-text summary for link previews */
  summary: string;
  /** the feed's items: each list item under a `## ` heading */
  entries: { category: string; title: string; html: string }[];
}

export interface RenderedBlogPost extends Rendered {
  /** the post's title (decisions.md), kept so lists and feeds never parse the markdown again */
  title: string;
  html: string;
  /** plain-text summary for link previews (200 characters) */
  summary: string;
  /** plain-text summary for feed readers (280 characters) */
  excerpt: string;
}

/** Per article, in order: its sanitized HTML and plain text (the page's search). */
export interface RenderedKbSet extends Rendered {
  articles: { html: string; text: string }[];
}

// Columns every kind has: the public slug is given on first publish and never changes afterwards.
const publication = () => ({
  id: id(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  slug: text('slug'),
  status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
  // first publication; kept across unpublish and republish, like the slug
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  // a scheduled publish of a draft (server/content/schedule.ts); cleared when it happens or is cancelled
  publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
  // the mailing list whose release email is queued right after that publish; no foreign key: a list
  // deleted meanwhile only means no email
  publishEmailListId: uuid('publish_email_list_id'),
  ...timestamps,
});

export const changelogs = pgTable(
  'changelogs',
  {
    ...publication(),
    title: text('title').notNull(),
    version: text('version'),
    content: text('content').notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    commitCount: integer('commit_count'),
    rendered: jsonb('rendered').$type<RenderedChangelog>(),
  },
  (t) => [
    uniqueIndex('changelogs_slug_idx').on(t.slug),
    index('changelogs_project_id_idx').on(t.projectId, t.createdAt),
    index('changelogs_published_idx').on(t.status, t.publishedAt),
    index('changelogs_publish_at_idx').on(t.publishAt),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    ...publication(),
    content: text('content').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    rendered: jsonb('rendered').$type<RenderedBlogPost>(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_project_id_idx').on(t.projectId, t.createdAt),
    index('blog_posts_published_idx').on(t.status, t.publishedAt),
    index('blog_posts_publish_at_idx').on(t.publishAt),
  ],
);

export const kbSets = pgTable(
  'kb_sets',
  {
    ...publication(),
    title: text('title').notNull(),
    articles: jsonb('articles').$type<KbArticleRecord[]>().notNull(),
    // null for sets authored here; the provider name for sets mirrored from a help center
    source: text('source'),
    sourceUrl: text('source_url'),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    rendered: jsonb('rendered').$type<RenderedKbSet>(),
  },
  (t) => [
    uniqueIndex('kb_sets_slug_idx').on(t.slug),
    index('kb_sets_project_id_idx').on(t.projectId, t.createdAt),
    index('kb_sets_published_idx').on(t.status, t.publishedAt),
    index('kb_sets_publish_at_idx').on(t.publishAt),
  ],
);
