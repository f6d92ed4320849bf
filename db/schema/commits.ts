import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { projects } from './projects';

/** A project's recorded commits, one row per SHA (as sent, lowercased): the input of generated drafts. */
export const commits = pgTable(
  'commits',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    message: text('message').notNull(),
    authorName: text('author_name'),
    authorEmail: text('author_email'),
    authoredAt: timestamp('authored_at', { withTimezone: true, mode: 'date' }).notNull(),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commits_project_id_sha_idx').on(t.projectId, t.sha),
    index('commits_project_id_authored_at_idx').on(t.projectId, t.authoredAt.desc()),
  ],
);

/**
 * Per project: the repository URL that PR, issue and commit links are built on, and the GitHub webhook
 * secret. The secret is kept as is because verifying an HMAC needs it (docs/commits.md).
 */
export const commitSettings = pgTable(
  'commit_settings',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    repositoryUrl: text('repository_url'),
    webhookSecret: text('webhook_secret'),
    webhookSecretCreatedAt: timestamp('webhook_secret_created_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('commit_settings_project_id_idx').on(t.projectId)],
);

/** GitHub deliveries already accepted: a delivery id or a body seen before is a replay. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    bodySha256: text('body_sha256').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_project_id_delivery_id_idx').on(t.projectId, t.deliveryId),
    uniqueIndex('webhook_deliveries_project_id_body_idx').on(t.projectId, t.bodySha256),
  ],
);
