import { parse } from 'csv-parse/sync';
import { AppError } from '../errors';
import { restoreCell } from './csv-cells';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROW_BYTES, IMPORT_MAX_ROWS } from './import-limits';
import { ZRecipientEntryObject } from './schemas';

export type ImportEntry = { email: string; name?: string; external_id?: string; attributes?: Record<string, string | number | boolean | null> };
export type FileStatus = 'active' | 'removed' | 'unsubscribed';

export interface ParsedImport {
  /** the rows to apply, each with its line in the file and the status it asks for (empty cell: active) */
  rows: { line: number; status: FileStatus; entry: ImportEntry }[];
  /** rows left out before planning, with the reason */
  skipped: { line: number; email: string; reason: string }[];
}

const at = ['body', 'csv'];

/**
 * Reads a CSV with the export's columns (`email` required, the others optional, any order). Empty
 * cells are "not sent", so a file exported from a list imports back without a change. A malformed
 * file, a header without `email` or too many rows is a 422 at `body.csv`.
 */
export function parseImportCsv(text: string): ParsedImport {
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw new AppError('VALIDATION', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, at);
  // PostgreSQL cannot store either (a UTF-16 file read as UTF-8 is full of NULs)
  if (!storable(text)) throw new AppError('VALIDATION', 'The file contains NUL characters or broken UTF-16; save it as UTF-8 text', at);
  let records: string[][];
  try {
    // `to`: the parser stops one row past the cap instead of reading a file of a million tiny rows to the end
    const options = { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false, to: IMPORT_MAX_ROWS + 2, max_record_size: IMPORT_MAX_ROW_BYTES };
    records = parse(text, options) as string[][];
  } catch (error) {
    if (error instanceof Error && (error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      throw new AppError('VALIDATION', `A row of the file is longer than ${IMPORT_MAX_ROW_BYTES / 1024} KB (${error.message.replace(/^.* at /, 'at ')})`, at);
    }
    throw new AppError('VALIDATION', `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}`, at);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((c) => c.trim().toLowerCase());
  if (!columns.includes('email')) throw new AppError('VALIDATION', 'The first row must name the columns, and one of them must be "email"', at);
  if (rows.length === 0) throw new AppError('VALIDATION', 'The file has a header row but no rows to import', at);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('VALIDATION', `A file holds at most ${IMPORT_MAX_ROWS} rows; this one has more. Split it`, at);
  // cells the export guarded against spreadsheet formulas come back as they were stored
  const cell = (row: string[], name: string) => restoreCell(row[columns.indexOf(name)] ?? '');

  const result: ParsedImport = { rows: [], skipped: [] };
  rows.forEach((row, i) => {
    const line = i + 2; // the header is row 1
    const email = cell(row, 'email').trim();
    const status = cell(row, 'status').trim().toLowerCase() || 'active';
    if (status !== 'active' && status !== 'removed' && status !== 'unsubscribed') {
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
    // a JSON escape (\u0000, a lone \ud800) in the cell makes text PostgreSQL cannot store
    if (Object.entries(valid.data.attributes ?? {}).some(([key, value]) => !storable(key) || (typeof value === 'string' && !storable(value)))) {
      result.skipped.push({ line, email, reason: 'attributes: text must not contain NUL characters or lone surrogates' });
      return;
    }
    result.rows.push({ line, status, entry });
  });
  return result;
}

/** Text that jsonb and text columns take: no NUL, no lone UTF-16 surrogate. */
function storable(text: string) {
  return !text.includes('\u0000') && text.isWellFormed();
}
