import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { mailingLists, recipients } from './mailing-lists';
import { SUPPRESSION_REASONS } from './email-suppressions';
import { projects } from './projects';
import { users } from './users';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SEND_CONTENT_KINDS = ['changelog', 'blog_post'] as const;
export type SendContentKind = (typeof SEND_CONTENT_KINDS)[number];

/** One release email: an item frozen as rendered when the send started, going to a frozen audience. */
export const emailSends = pgTable(
  'email_sends',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    listId: uuid('list_id').notNull(),
    listName: text('list_name').notNull(),
    contentKind: text('content_kind', { enum: SEND_CONTENT_KINDS }).notNull(),
    contentId: uuid('content_id').notNull(),
    subject: text('subject').notNull(),
    fromName: text('from_name').notNull(),
    publicUrl: text('public_url').notNull(),
    // the loopback or private origin the send was started from while APP_URL is unset: delivery's
    // unsubscribe links and sender follow it, as the frozen "Read it online" link does
    appUrl: text('app_url'),
    // the item's sanitized HTML and plain text; the per-recipient frame is added at delivery
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // set when no delivery is queued or in flight any more; cleared by a retry
    completedAt: time('completed_at'),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.listId, t.projectId], foreignColumns: [mailingLists.id, mailingLists.projectId] }).onDelete('cascade'),
    unique('email_sends_id_project_key').on(t.id, t.projectId),
    index('email_sends_project_created_idx').on(t.projectId, t.createdAt),
    index('email_sends_list_idx').on(t.listId, t.projectId),
    index('email_sends_content_idx').on(t.projectId, t.contentKind, t.contentId),
    index('email_sends_created_by_idx').on(t.createdBy),
    check('email_sends_kind_check', sql`${t.contentKind} in ('changelog', 'blog_post')`),
  ],
);

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** rejected: the server refused; exhausted: temporary failures until the last attempt; interrupted: outcome unknown */
export const FAILURE_KINDS = ['rejected', 'exhausted', 'interrupted'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** The ledger and the queue in one: one row per recipient of a send, claimed by the worker. */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: id(),
    // frozen order of the audience, the ledger's stable paging key
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sendId: uuid('send_id').notNull(),
    projectId: uuid('project_id').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    reason: text('reason'),
    // set when the delivery was skipped because the address is on the suppression list
    suppressedFor: text('suppressed_for', { enum: SUPPRESSION_REASONS }),
    failureKind: text('failure_kind', { enum: FAILURE_KINDS }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull().defaultNow(),
    // a claimed delivery whose lease ran out belongs to a worker that died
    leaseUntil: time('lease_until'),
    // set, durably, just before the SMTP end-of-data: from here on the server may have accepted it
    handoffAt: time('handoff_at'),
    messageId: text('message_id'),
    sentAt: time('sent_at'),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.sendId, t.projectId], foreignColumns: [emailSends.id, emailSends.projectId] }).onDelete('cascade'),
    unique('email_deliveries_send_recipient_key').on(t.sendId, t.recipientId),
    index('email_deliveries_send_seq_idx').on(t.sendId, t.projectId, t.seq),
    index('email_deliveries_recipient_idx').on(t.recipientId),
    index('email_deliveries_queue_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('email_deliveries_lease_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    check('email_deliveries_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
  ],
);
