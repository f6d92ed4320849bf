import { and, count, desc, eq, gt, isNotNull, notInArray } from 'drizzle-orm';
import { lockUntilCommit } from '@/db/locks';
import { recipientImports } from '@/db/schema';
import { clock } from '../clock';
import { AppError } from '../errors';
import { getListRow, type ProjectScope } from '../mailing-lists/internal';
import { parseImportCsv } from '../recipients/csv-import';
import { planAgainstList, toImport } from './internal';
import { IMPORT_LIMITS, type TCreateImportInput, type TImport } from './schemas';

const HOUR = 60 * 60 * 1000;

/**
 * Upload: the server parses the whole file and stores it with its preview; nothing on the list
 * changes until the import is started. A file past the active cap is stored too (the preview says
 * why), but it cannot be started. Stored files are bounded: a list keeps its newest previews not
 * started, and a project holds a capped number of files at once (each up to 2 MB and its report).
 */
export async function createImport({ ctx, input }: { ctx: ProjectScope; input: TCreateImportInput }): Promise<TImport> {
  await getListRow(ctx.db, ctx.projectId, input.list_id);
  const parsed = await parseImportCsv(input.csv);
  const plan = await planAgainstList(ctx.db, ctx.projectId, input.list_id, parsed, false);
  const now = clock().now();
  return ctx.db.transaction(async (tx) => {
    // one upload of a project at a time: the count below must see every other upload that counted before it
    await lockUntilCommit(tx, `recipient-imports ${ctx.projectId}`);
    const [row] = await tx
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
        expiresAt: new Date(now + IMPORT_LIMITS.windowHours * HOUR),
      })
      .returning();
    const ofList = and(eq(recipientImports.projectId, ctx.projectId), eq(recipientImports.listId, input.list_id), eq(recipientImports.status, 'ready'));
    const newest = tx.select({ id: recipientImports.id }).from(recipientImports).where(ofList).orderBy(desc(recipientImports.createdAt), desc(recipientImports.id)).limit(IMPORT_LIMITS.previewsPerList);
    await tx.delete(recipientImports).where(and(ofList, notInArray(recipientImports.id, newest)));
    const [held] = await tx
      .select({ n: count() })
      .from(recipientImports)
      .where(and(eq(recipientImports.projectId, ctx.projectId), isNotNull(recipientImports.rows), gt(recipientImports.expiresAt, new Date(now))));
    if (held!.n > IMPORT_LIMITS.heldPerProject) {
      throw new AppError('LIMIT', `This project already holds ${IMPORT_LIMITS.heldPerProject} imports of the last ${IMPORT_LIMITS.windowHours} hours, the most it keeps at once; each is let go ${IMPORT_LIMITS.windowHours} hours after its upload or its end`);
    }
    return toImport(row!);
  });
}
