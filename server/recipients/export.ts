import { and, asc, eq, gt } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { recipients } from '@/db/schema';
import { logError } from '../log';
import { getListRow, type ProjectScope } from '../mailing-lists/internal';
import { attachmentDisposition } from './content-disposition';
import { neutralizeCell } from './csv-cells';
import { scopeOf, type RecipientRow } from './internal';
import { parseStatusFilter } from './status';

export const CSV_COLUMNS = ['email', 'name', 'external_id', 'status', 'created_at', 'status_changed_at', 'attributes'] as const;
const BATCH = 1000;

export interface CsvExport {
  contentDisposition: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * The list's recipients as CSV, streamed: each pull reads the next 1000 rows by insertion order, so
 * memory stays flat however long the list's history is.
 */
export async function exportRecipients({ ctx, input }: { ctx: ProjectScope; input: { list_id: string; status?: string } }): Promise<CsvExport> {
  const status = parseStatusFilter(input.status);
  const list = await getListRow(ctx.db, ctx.projectId, input.list_id);
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const rows = await ctx.db
          .select()
          .from(recipients)
          .where(and(scopeOf(ctx.projectId, list.id), status && eq(recipients.status, status), gt(recipients.seq, after)))
          .orderBy(asc(recipients.seq))
          .limit(BATCH);
        if (rows.length || first) {
          controller.enqueue(encoder.encode(stringify(rows.map(toCsvRecord), csvOptions(first))));
        }
        first = false;
        after = rows.at(-1)?.seq ?? after;
        if (rows.length < BATCH) controller.close();
      } catch (error) {
        logError('recipient export failed', error);
        controller.error(error);
      }
    },
  });
  return { contentDisposition: attachmentDisposition(`${list.name}-recipients.csv`), body };
}

function toCsvRecord(row: RecipientRow): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
    email: neutralizeCell(row.email),
    name: neutralizeCell(row.name ?? ''),
    external_id: neutralizeCell(row.externalId ?? ''),
    status: row.status,
    created_at: isoUtc(row.createdAt),
    status_changed_at: row.statusChangedAt ? isoUtc(row.statusChangedAt) : '',
    attributes: Object.keys(row.attributes ?? {}).length ? JSON.stringify(row.attributes) : '',
  };
}

/** RFC 4180: a cell with any line break is quoted, a bare CR or LF too (the library quotes only CRLF). */
const csvOptions = (header: boolean) => ({ header, columns: [...CSV_COLUMNS], record_delimiter: 'windows' as const, quoted_match: /[\r\n]/ });

/** ISO 8601 with the `+00:00` offset the export promises (toISOString says `Z`). */
function isoUtc(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00');
}
