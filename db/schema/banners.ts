import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiTokens } from './api-tokens';
import { id, timestamps } from './columns';
import { oauthClients } from './oauth';
import { projects } from './projects';
import { users } from './users';

/**
 * One per project: the stable embed key (`data-service-key`), and the site origins the project names
 * as its own: pages there are shown as links, any other page the widget reports as plain text.
 */
export const bannerEmbeds = pgTable(
  'banner_embeds',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    siteOrigins: text('site_origins').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('banner_embeds_project_id_idx').on(t.projectId), uniqueIndex('banner_embeds_slug_idx').on(t.slug)],
);

/**
 * Every published banner, kept as history; the newest one per project is live until its `expires_at`.
 * Who published it: the person (`user_id`), and the API key or the agent's OAuth client they acted through.
 */
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
    publishedVia: text('published_via', { enum: ['session', 'api_token', 'oauth'] }),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    publishedByTokenId: uuid('published_by_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    publishedByClientId: uuid('published_by_client_id').references(() => oauthClients.id, { onDelete: 'set null' }),
    /** the earlier banner this one republished */
    republishedFromId: uuid('republished_from_id'),
    ...timestamps,
  },
  (t) => [
    index('banners_project_id_published_at_idx').on(t.projectId, t.publishedAt.desc()),
    index('banners_published_by_user_id_idx').on(t.publishedByUserId),
    index('banners_published_by_token_id_idx').on(t.publishedByTokenId),
    index('banners_published_by_client_id_idx').on(t.publishedByClientId),
  ],
);

/**
 * Where the banner is seen: views per page (origin and path, as the untrusted `X-Service-Page-Url`
 * header reported them), counted without cookies or anything personal. Bounded per project.
 */
export const bannerPageViews = pgTable(
  'banner_page_views',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    pageUrl: text('page_url').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('banner_page_views_project_page_idx').on(t.projectId, t.pageUrl), index('banner_page_views_project_views_idx').on(t.projectId, t.views)],
);

/**
 * Reach of each banner per page: impressions (the widget reports one per browser per `published_at`) and
 * CTA clicks, counted without cookies or anything personal, batched in memory and written every few
 * seconds. Distinct pages are capped per project; the rest count under "(other pages)".
 */
export const bannerReach = pgTable(
  'banner_reach',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    bannerId: uuid('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    pageUrl: text('page_url').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('banner_reach_banner_page_idx').on(t.bannerId, t.pageUrl),
    index('banner_reach_project_page_idx').on(t.projectId, t.pageUrl),
  ],
);
