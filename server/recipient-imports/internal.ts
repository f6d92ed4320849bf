import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { recipientImports } from '@/db/schema';
import { clock } from '../clock';
import { AppError } from '../errors';
import { countActive } from '../mailing-lists/internal';
import type { ParsedImport } from '../recipients/csv-import';
import { loadMatches } from '../recipients/internal';
import type { StoredRecipient } from '../recipients/plan-upsert';
import { planImport, type ImportPlan } from './plan';
import { ACTIVE_LIMIT, type TImport, type TImportRow, type TUndoResult } from './schemas';

export type ImportRow = typeof recipientImports.$inferSelect;

/** One import of the list in the project; 404 when it is missing, on another list or in another project. */
export async function getImportRow(db: DbOrTx, projectId: string, listId: string, importId: string, lock = false): Promise<ImportRow> {
  const query = db
    .select()
    .from(recipientImports)
    .where(and(eq(recipientImports.id, importId), eq(recipientImports.listId, listId), eq(recipientImports.projectId, projectId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Import not found');
  return row;
}

/** The file against the list as it is now; `lock` (inside the apply) holds the matched rows until commit. */
export async function planAgainstList(tx: DbOrTx, projectId: string, listId: string, parsed: ParsedImport, lock: boolean): Promise<ImportPlan & { activeBefore: number; stored: StoredRecipient[] }> {
  const stored = await loadMatches(tx, projectId, listId, parsed.rows.map((r) => r.entry), lock);
  const activeBefore = await countActive(tx, projectId, listId);
  return { ...(await planImport(stored, parsed, activeBefore)), activeBefore, stored };
}

export function capMessage(activeAfter: number) {
  return `This import would bring the list to ${activeAfter} active recipients; a list holds at most ${ACTIVE_LIMIT}`;
}

export function toImport(row: ImportRow): TImport {
  const now = clock().now();
  const overCap = row.activeAfter > ACTIVE_LIMIT;
  const live = row.expiresAt.getTime() > now && row.rows !== null;
  return {
    id: row.id,
    list_id: row.listId,
    file_name: row.fileName,
    status: row.status,
    total_rows: row.totalRows,
    processed: row.processed,
    summary: row.summary as TImport['summary'],
    active_before: row.activeBefore,
    active_after: row.activeAfter,
    active_limit: ACTIVE_LIMIT,
    can_start: row.status === 'ready' && live && !overCap,
    blocked_reason: row.status !== 'ready' ? null : !live ? 'This preview expired; upload the file again' : overCap ? capMessage(row.activeAfter) : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    undo_until: row.status === 'done' && live ? row.expiresAt.toISOString() : null,
    undone_at: row.undoneAt?.toISOString() ?? null,
    undo: (row.undoResult as TUndoResult | null) ?? null,
  };
}

export const reportOf = (row: ImportRow) => (row.report as TImportRow[] | null) ?? [];
export const parsedOf = (row: ImportRow) => row.rows as ParsedImport;
