import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { emailSends } from './email-sends';
import { projects } from './projects';
import { users } from './users';

/**
 * Every email the embedded default would have sent (no SMTP_URL): release emails belong to a
 * project, account emails (verification) to a user.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sendId: uuid('send_id').references(() => emailSends.id, { onDelete: 'set null' }),
    // unique: storing the same message twice (a retried delivery) is a no-op
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<[string, string][]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_outbox_message_id_idx').on(t.messageId),
    index('email_outbox_project_created_idx').on(t.projectId, t.createdAt),
    index('email_outbox_user_created_idx').on(t.userId, t.createdAt),
    index('email_outbox_send_idx').on(t.sendId),
  ],
);
