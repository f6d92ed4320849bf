import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { recipientImports } from '@/db/schema';
import { getListRow, type ProjectScope } from '../mailing-lists/internal';
import { toImport } from './internal';
import { IMPORT_LIMITS, type TImport } from './schemas';

// the per-row data can be megabytes; the list needs none of it
const { rows: _rows, report: _report, ...columns } = getTableColumns(recipientImports);
// toImport only asks whether the details are still there (not purged)
const present = sql<unknown>`(case when ${recipientImports.rows} is null then null else 'true'::jsonb end)`;

/** The list's most recent imports, newest first, with their status and whether Undo is still possible. */
export async function listImports({ ctx, input }: { ctx: ProjectScope; input: { list_id: string } }): Promise<{ items: TImport[] }> {
  await getListRow(ctx.db, ctx.projectId, input.list_id);
  const rows = await ctx.db
    .select({ ...columns, rows: present, report: sql<unknown[] | null>`null` })
    .from(recipientImports)
    .where(and(eq(recipientImports.listId, input.list_id), eq(recipientImports.projectId, ctx.projectId)))
    .orderBy(desc(recipientImports.createdAt), desc(recipientImports.id))
    .limit(IMPORT_LIMITS.recent);
  return { items: rows.map((row) => toImport(row)) };
}
