import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { projects } from './projects';
import { users } from './users';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SUPPRESSION_REASONS = ['hard_bounce', 'complaint', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const BOUNCE_PROVIDERS = ['mailgun', 'resend'] as const;
export type BounceProvider = (typeof BOUNCE_PROVIDERS)[number];

/**
 * Addresses a project's release emails skip: one row per address (lowercased), kept after removal
 * (removed_at set) so the history stays; a later event suppresses it again. Recipients are untouched.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    // smtp, mailgun, resend or dashboard: where the last event came from
    source: text('source').notNull(),
    // the server's reply or the provider's description of the last event
    detail: text('detail'),
    firstEventAt: time('first_event_at').notNull().defaultNow(),
    lastEventAt: time('last_event_at').notNull().defaultNow(),
    eventCount: integer('event_count').notNull().default(1),
    removedAt: time('removed_at'),
    removalReason: text('removal_reason'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_suppressions_project_email_idx').on(t.projectId, t.email),
    index('email_suppressions_project_last_idx').on(t.projectId, t.lastEventAt),
    index('email_suppressions_removed_by_idx').on(t.removedBy),
    check('email_suppressions_reason_check', sql`${t.reason} in ('hard_bounce', 'complaint', 'manual')`),
  ],
);

/** A project's signing secret for one provider's bounce and complaint webhook, stored as is (HMAC needs it). */
export const bounceWebhooks = pgTable(
  'bounce_webhooks',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BOUNCE_PROVIDERS }).notNull(),
    secret: text('secret').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('bounce_webhooks_project_provider_idx').on(t.projectId, t.provider)],
);

/** Provider events already accepted (Svix message id, Mailgun token): a second delivery is a replay. */
export const bounceWebhookEvents = pgTable(
  'bounce_webhook_events',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BOUNCE_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: time('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bounce_webhook_events_key_idx').on(t.projectId, t.provider, t.eventId),
    index('bounce_webhook_events_received_idx').on(t.projectId, t.receivedAt),
  ],
);
