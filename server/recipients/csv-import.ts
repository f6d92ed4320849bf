import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Options } from 'csv-parse';
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
/** A slice of the file parsed at once, and rows checked at once: the event loop gets a turn between. */
const SLICE_BYTES = 64 * 1024;
/** The columns an import reads (the export's others, such as created_at, are ignored). */
const READ_COLUMNS = ['email', 'name', 'external_id', 'status', 'attributes'];
const ROWS_PER_TURN = 500;
// any line end, mixed in one file too (a file edited on two systems): detecting it from the first line
// would read a later bare LF as part of a cell
const PARSE_OPTIONS: Options = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  trim: false,
  max_record_size: IMPORT_MAX_ROW_BYTES,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/**
 * Reads a CSV with the export's columns (`email` required, the others optional, any order). Empty
 * cells are "not sent", so a file exported from a list imports back without a change. A malformed
 * file, a header without `email` or too many rows is a 422 at `body.csv`. A 2 MB file of 10,000 rows
 * takes a few hundred milliseconds of CPU, so it is read in slices between other requests.
 */
export async function parseImportCsv(text: string): Promise<ParsedImport> {
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw new AppError('VALIDATION', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, at);
  // PostgreSQL cannot store either (a UTF-16 file read as UTF-8 is full of NULs)
  if (!storable(text)) throw new AppError('VALIDATION', 'The file contains NUL characters or broken UTF-16; save it as UTF-8 text', at);
  let records: string[][];
  try {
    records = await readRecords(text);
  } catch (error) {
    if (error instanceof Error && (error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      throw new AppError('VALIDATION', `A row of the file is longer than ${IMPORT_MAX_ROW_BYTES / 1024} KB (${error.message.replace(/^.* at /, 'at ')})`, at);
    }
    throw new AppError('VALIDATION', `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}`, at);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((c) => c.trim().toLowerCase());
  if (!columns.includes('email')) throw new AppError('VALIDATION', 'The first row must name the columns, and one of them must be "email"', at);
  // which of two cells would be meant is anyone's guess: the file is refused rather than read by one of them
  const twice = READ_COLUMNS.find((name) => columns.indexOf(name) !== columns.lastIndexOf(name));
  if (twice) throw new AppError('VALIDATION', `The first row names the column "${twice}" twice; keep one`, at);
  if (rows.length === 0) throw new AppError('VALIDATION', 'The file has a header row but no rows to import', at);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('VALIDATION', `A file holds at most ${IMPORT_MAX_ROWS} rows; this one has more. Split it`, at);
  // cells the export guarded against spreadsheet formulas come back as they were stored
  const cell = (row: string[], name: string) => restoreCell(row[columns.indexOf(name)] ?? '');

  const result: ParsedImport = { rows: [], skipped: [] };
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const line = i + 2; // the header is row 1
    const email = cell(row, 'email').trim();
    const status = cell(row, 'status').trim().toLowerCase() || 'active';
    if (status !== 'active' && status !== 'removed' && status !== 'unsubscribed') {
      result.skipped.push({ line, email, reason: `unknown status "${status}"` });
      continue;
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
        continue;
      }
    }
    const valid = ZRecipientEntryObject.safeParse(entry);
    if (!valid.success) {
      const issue = valid.error.issues[0]!;
      result.skipped.push({ line, email, reason: `${issue.path.join('.') || 'row'}: ${issue.message}` });
      continue;
    }
    // a JSON escape (\u0000, a lone \ud800) in the cell makes text PostgreSQL cannot store
    if (Object.entries(valid.data.attributes ?? {}).some(([key, value]) => !storable(key) || (typeof value === 'string' && !storable(value)))) {
      result.skipped.push({ line, email, reason: 'attributes: text must not contain NUL characters or lone surrogates' });
      continue;
    }
    result.rows.push({ line, status, entry });
  }
  return result;
}

/** The file's records, the header first; reading stops one row past the cap, however many tiny rows follow. */
async function readRecords(text: string): Promise<string[][]> {
  const records: string[][] = [];
  let failure: Error | undefined;
  const parser = parse(PARSE_OPTIONS)
    .on('data', (record: string[]) => records.push(record))
    .on('error', (error) => (failure ??= error));
  // bytes, not UTF-16 slices: a slice boundary inside a character must not break it
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES) {
    parser.write(bytes.subarray(offset, offset + SLICE_BYTES));
    await nextTurn();
    if (failure) throw failure;
    if (records.length > IMPORT_MAX_ROWS + 1) {
      parser.destroy();
      return records;
    }
  }
  parser.end();
  await finished(parser);
  return records;
}

/** Text that jsonb and text columns take: no NUL, no lone UTF-16 surrogate. */
function storable(text: string) {
  return !text.includes('\u0000') && text.isWellFormed();
}
