import { parse } from 'csv-parse/browser/esm/sync';
import { restoreCell } from './csv-cells';
import { ZRecipientEntryObject } from './schemas';

// Pure, and bundled into the dashboard: the browser reads the file, the server previews and upserts.

/** A whole file is previewed in one call, so the preview applies the upsert's in-order rules to all of it. */
export const IMPORT_MAX_ROWS = 10_000;

export type ImportEntry = { email: string; name?: string; external_id?: string; attributes?: Record<string, string | number | boolean | null> };

export interface ParsedImport {
  /** the rows to upsert, each with its line in the file */
  entries: { line: number; entry: ImportEntry }[];
  /** rows left out before the preview, with the reason */
  skipped: { line: number; email: string; reason: string }[];
}

/**
 * Reads a CSV with the export's columns (`email` required, the others optional, any order). Empty
 * cells are "not sent", so a file exported from a list imports back without a change; rows the file
 * marks removed or unsubscribed are left out rather than reactivated.
 */
export function parseImportCsv(text: string): ParsedImport {
  const records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }) as string[][];
  const [header, ...rows] = records;
  const columns = (header ?? []).map((c) => c.trim().toLowerCase());
  if (!columns.includes('email')) throw new Error('The first row must name the columns, and one of them must be "email"');
  // cells the export guarded against spreadsheet formulas come back as they were stored
  const cell = (row: string[], name: string) => restoreCell(row[columns.indexOf(name)] ?? '');

  const result: ParsedImport = { entries: [], skipped: [] };
  rows.forEach((row, i) => {
    const line = i + 2;
    const email = cell(row, 'email').trim();
    const status = cell(row, 'status').trim().toLowerCase();
    if (status === 'removed' || status === 'unsubscribed') {
      result.skipped.push({ line, email, reason: `marked ${status} in the file` });
      return;
    }
    if (status && status !== 'active') {
      result.skipped.push({ line, email, reason: `unknown status "${status}"` });
      return;
    }
    const entry: ImportEntry = { email };
    const name = cell(row, 'name');
    const externalId = cell(row, 'external_id');
    const attributes = cell(row, 'attributes').trim();
    if (name) entry.name = name;
    if (externalId) entry.external_id = externalId;
    if (attributes) {
      try {
        entry.attributes = JSON.parse(attributes);
      } catch {
        result.skipped.push({ line, email, reason: 'attributes are not JSON' });
        return;
      }
    }
    const valid = ZRecipientEntryObject.safeParse(entry);
    if (!valid.success) {
      const issue = valid.error.issues[0]!;
      result.skipped.push({ line, email, reason: `${issue.path.join('.') || 'row'}: ${issue.message}` });
      return;
    }
    result.entries.push({ line, entry });
  });
  return result;
}
