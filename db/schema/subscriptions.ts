import { foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { mailingLists } from './mailing-lists';
import { projects } from './projects';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The list a project's public subscribe form adds people to; no row means the form is off. */
export const subscribeForms = pgTable(
  'subscribe_forms',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    listId: uuid('list_id').notNull(),
    ...timestamps,
  },
  (t) => [
    // deleting the list turns the form off
    foreignKey({ columns: [t.listId, t.projectId], foreignColumns: [mailingLists.id, mailingLists.projectId] }).onDelete('cascade'),
    index('subscribe_forms_list_idx').on(t.listId),
  ],
);

/**
 * Subscriptions asked for on a public form: never recipients until the link's
 * POST. Only the token's hash is kept; rows past `expires_at` are purged.
 */
export const pendingSubscriptions = pgTable(
  'pending_subscriptions',
  {
    id: id(),
    listId: uuid('list_id').notNull(),
    projectId: uuid('project_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: time('expires_at').notNull(),
    // the last confirmation email: at most one a day per address and list
    lastSentAt: time('last_sent_at').notNull().defaultNow(),
    // a used link is kept until it expires, so opening it again says so instead of "not valid"
    confirmedAt: time('confirmed_at'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.listId, t.projectId], foreignColumns: [mailingLists.id, mailingLists.projectId] }).onDelete('cascade'),
    uniqueIndex('pending_subscriptions_list_email_idx').on(t.listId, t.email),
    uniqueIndex('pending_subscriptions_token_idx').on(t.tokenHash),
    index('pending_subscriptions_project_idx').on(t.projectId),
    index('pending_subscriptions_expires_idx').on(t.expiresAt),
  ],
);
