import type { ProjectScope } from '../mailing-lists/internal';
import { getImportRow, reportOf, toImport } from './internal';
import type { TGetImportInput, TImportDetail } from './schemas';

/** One import with a page of its rows: the preview before Import, what was done after. */
export async function getImport({ ctx, input }: { ctx: ProjectScope; input: TGetImportInput }): Promise<TImportDetail> {
  const row = await getImportRow(ctx.db, ctx.projectId, input.list_id, input.import_id);
  const report = reportOf(row);
  const end = input.offset + input.limit;
  return { ...toImport(row), rows: report.slice(input.offset, end), next_offset: end < report.length ? end : null };
}
