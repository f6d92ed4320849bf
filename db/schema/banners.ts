import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { projects } from './projects';

/** One per project: the stable embed key (`data-service-key`) and the page the banner was last seen on. */
export const bannerEmbeds = pgTable(
  'banner_embeds',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    pageUrl: text('page_url'),
    pageUrlSeenAt: timestamp('page_url_seen_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('banner_embeds_project_id_idx').on(t.projectId), uniqueIndex('banner_embeds_slug_idx').on(t.slug)],
);

/** Every published banner; the newest one per project is live until its `expires_at`. */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    headline: text('headline').notNull(),
    body: text('body').notNull(),
    ctaLabel: text('cta_label').notNull(),
    badge: text('badge').notNull(),
    linkUrl: text('link_url'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    commitCount: integer('commit_count'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('banners_project_id_published_at_idx').on(t.projectId, t.publishedAt.desc())],
);
