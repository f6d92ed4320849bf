import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { mailingLists, recipients } from './mailing-lists';

export const IMPORT_STATUSES = ['ready', 'queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A recipient's fields as an import found or left them: what undo compares and restores. */
export interface RecipientState {
  email: string;
  name: string | null;
  external_id: string | null;
  attributes: Record<string, string | number | boolean>;
  status: 'active' | 'removed' | 'unsubscribed';
}

/**
 * One dashboard or REST CSV import of a list: the parsed file, its preview (`report`), then what the
 * apply did. `rows` and `report` hold personal data and are purged once `expires_at` passes.
 */
export const recipientImports = pgTable(
  'recipient_imports',
  {
    id: id(),
    projectId: uuid('project_id').notNull(),
    listId: uuid('list_id').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('ready'),
    totalRows: integer('total_rows').notNull(),
    processed: integer('processed').notNull().default(0),
    rows: jsonb('rows').$type<unknown>(),
    report: jsonb('report').$type<unknown[]>(),
    summary: jsonb('summary').$type<Record<string, number>>().notNull(),
    activeBefore: integer('active_before').notNull(),
    activeAfter: integer('active_after').notNull(),
    error: text('error'),
    // claims by workers: each claim increments it, so a worker whose lease lapsed can tell it lost the job
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    // the preview's life before Import, then the undo window after it finished
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoResult: jsonb('undo_result').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.listId, t.projectId], foreignColumns: [mailingLists.id, mailingLists.projectId] }).onDelete('cascade'),
    index('recipient_imports_list_created_idx').on(t.listId, t.createdAt),
    // the per-project cap on stored imports counts by project
    index('recipient_imports_project_idx').on(t.projectId),
    index('recipient_imports_status_idx').on(t.status),
    check('recipient_imports_status_check', sql`${t.status} in ('ready', 'queued', 'running', 'done', 'failed', 'undone')`),
  ],
);

/** Each recipient an applied import changed, with its state before and after: the undo's input. */
export const recipientImportChanges = pgTable(
  'recipient_import_changes',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => recipientImports.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    kind: text('kind', { enum: ['created', 'updated', 'reactivated', 'status'] }).notNull(),
    before: jsonb('before').$type<RecipientState>(),
    after: jsonb('after').$type<RecipientState>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.recipientId] }),
    index('recipient_import_changes_recipient_idx').on(t.recipientId),
    check('recipient_import_changes_kind_check', sql`${t.kind} in ('created', 'updated', 'reactivated', 'status')`),
  ],
);
