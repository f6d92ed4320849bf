import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { projects } from './projects';

export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // kept by a statement trigger on recipients (migration 0017), so reading a list's counts never
    // aggregates its history; writers lock the list row first, which also orders the trigger's update
    activeCount: integer('active_count').notNull().default(0),
    removedCount: integer('removed_count').notNull().default(0),
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    // a random token the same triggers replace (migrations 0020, 0021) with every statement that writes this
    // list's recipients, so a page read before can be known unchanged by reading this one value
    recipientsVersion: bigint('recipients_version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // names are unique per project regardless of case: "News" and "news" would be confusing in the send dialog
    uniqueIndex('mailing_lists_project_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('mailing_lists_project_created_idx').on(t.projectId, t.createdAt),
    // target of recipients' (list_id, project_id) key, so a recipient can never sit in another project
    unique('mailing_lists_id_project_key').on(t.id, t.projectId),
  ],
);

export const RECIPIENT_STATUSES = ['active', 'removed', 'unsubscribed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const recipients = pgTable(
  'recipients',
  {
    id: id(),
    // insertion order: the stable key of "oldest first" paging, also within one batch
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    listId: uuid('list_id').notNull(),
    projectId: uuid('project_id').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    externalId: text('external_id'),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull().default('active'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.listId, t.projectId], foreignColumns: [mailingLists.id, mailingLists.projectId] }).onDelete('cascade'),
    uniqueIndex('recipients_list_email_idx').on(t.listId, t.email),
    uniqueIndex('recipients_list_external_id_idx').on(t.listId, t.externalId),
    // list_id alone: with project_id too, a planner without statistics (PGlite never analyzes) took it
    // for a 1-row match and skipped the unique indexes
    index('recipients_list_seq_idx').on(t.listId, t.seq),
    index('recipients_list_status_seq_idx').on(t.listId, t.status, t.seq),
    check('recipients_status_check', sql`${t.status} in ('active', 'removed', 'unsubscribed')`),
    check('recipients_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
