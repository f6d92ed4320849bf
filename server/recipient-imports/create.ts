import { recipientImports } from '@/db/schema';
import { clock } from '../clock';
import { getListRow, type ProjectScope } from '../mailing-lists/internal';
import { parseImportCsv } from '../recipients/csv-import';
import { planAgainstList, toImport } from './internal';
import { IMPORT_LIMITS, type TCreateImportInput, type TImport } from './schemas';

const HOUR = 60 * 60 * 1000;

/**
 * Upload: the server parses the whole file and stores it with its preview; nothing on the list
 * changes until the import is started. A file past the active cap is stored too (the preview says
 * why), but it cannot be started.
 */
export async function createImport({ ctx, input }: { ctx: ProjectScope; input: TCreateImportInput }): Promise<TImport> {
  await getListRow(ctx.db, ctx.projectId, input.list_id);
  const parsed = parseImportCsv(input.csv);
  const plan = await planAgainstList(ctx.db, ctx.projectId, input.list_id, parsed, false);
  const [row] = await ctx.db
    .insert(recipientImports)
    .values({
      projectId: ctx.projectId,
      listId: input.list_id,
      fileName: input.file_name?.trim() || 'import.csv',
      totalRows: plan.report.length,
      rows: parsed,
      report: plan.report,
      summary: plan.summary,
      activeBefore: plan.activeBefore,
      activeAfter: plan.activeAfter,
      expiresAt: new Date(clock().now() + IMPORT_LIMITS.windowHours * HOUR),
    })
    .returning();
  return toImport(row!);
}
