import { z } from 'zod';
import { IMPORT_STATUSES } from '@/db/schema/recipient-imports';
import { LIMITS, ZListId } from '../mailing-lists/schemas';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_WINDOW_HOURS } from '../recipients/import-limits';

/** Limits of the CSV import, shown by the dashboard from here. */
export const IMPORT_LIMITS = {
  maxRows: IMPORT_MAX_ROWS,
  maxBytes: IMPORT_MAX_BYTES,
  windowHours: IMPORT_WINDOW_HOURS,
  recent: 20,
  /** previews not started that a list keeps: a newer upload discards the oldest */
  previewsPerList: 3,
  /** imports whose file and report a project holds at once (until each one's 24 hours end) */
  heldPerProject: 50,
  rowsPage: { min: 1, max: 500, default: 100 },
} as const;

export const ROW_ACTIONS = ['create', 'update', 'reactivate', 'status', 'unchanged', 'skipped'] as const;
export type TRowAction = (typeof ROW_ACTIONS)[number];

export const ZImportId = z.uuid();

export const ZCreateImportInput = z.object({
  list_id: ZListId,
  csv: z.string().min(1).meta({
    description: `The whole file as text, at most ${IMPORT_MAX_ROWS} rows and 2 MB: a header row naming the columns (email required; name, external_id, status, attributes as in the export)`,
  }),
  file_name: z.string().max(200).optional().meta({ description: 'Shown in the list of imports' }),
});
export type TCreateImportInput = z.infer<typeof ZCreateImportInput>;

export const ZImportRef = z.object({ list_id: ZListId, import_id: ZImportId });
export type TImportRef = z.infer<typeof ZImportRef>;

export const ZGetImportInput = ZImportRef.extend({
  offset: z.coerce.number().int().min(0).default(0).meta({ description: 'Index of the first row of the file to return' }),
  limit: z.coerce.number().int().min(IMPORT_LIMITS.rowsPage.min).max(IMPORT_LIMITS.rowsPage.max).default(IMPORT_LIMITS.rowsPage.default),
});
export type TGetImportInput = z.infer<typeof ZGetImportInput>;

export const ZListImportsInput = z.object({ list_id: ZListId });

const ZCounts = z.object(Object.fromEntries(ROW_ACTIONS.map((a) => [a, z.number().int()])) as Record<TRowAction, z.ZodNumber>);

export const ZFieldChange = z.object({
  field: z.enum(['email', 'name', 'external_id', 'attributes', 'status']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type TFieldChange = z.infer<typeof ZFieldChange>;

export const ZImportRow = z
  .object({
    line: z.number().int().meta({ description: 'Row of the file; the header is row 1' }),
    email: z.string(),
    action: z.enum(ROW_ACTIONS),
    changes: z.array(ZFieldChange),
    reason: z.string().optional(),
  })
  .meta({ id: 'RecipientImportRow' });
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZUndoResult = z.object({
  restored: z.number().int().meta({ description: 'Recipients put back as they were before the import' }),
  removed: z.number().int().meta({ description: 'Recipients the import created, now removed' }),
  skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
});
export type TUndoResult = z.infer<typeof ZUndoResult>;

export const ZImport = z
  .object({
    id: z.uuid(),
    list_id: z.uuid(),
    file_name: z.string(),
    status: z.enum(IMPORT_STATUSES),
    total_rows: z.number().int(),
    processed: z.number().int(),
    summary: ZCounts.meta({ description: 'Rows of the file by what they do (the preview before Import, the outcome after)' }),
    active_before: z.number().int(),
    active_after: z.number().int(),
    active_limit: z.number().int(),
    can_start: z.boolean(),
    blocked_reason: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    undo_until: z.string().nullable().meta({ description: 'Undo is possible until then; null when it is not (any more)' }),
    undone_at: z.string().nullable(),
    undo: ZUndoResult.nullable(),
  })
  .meta({ id: 'RecipientImport' });
export type TImport = z.infer<typeof ZImport>;

export const ZImportDetail = ZImport.extend({
  rows: z.array(ZImportRow).meta({ description: 'A page of the per-row preview or outcome; empty once the details were purged' }),
  next_offset: z.number().int().nullable(),
}).meta({ id: 'RecipientImportDetail' });
export type TImportDetail = z.infer<typeof ZImportDetail>;

export const ZImportList = z.object({ items: z.array(ZImport) });

export const ACTIVE_LIMIT = LIMITS.activePerList;
