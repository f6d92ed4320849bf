// Pure, and bundled into the dashboard with the CSV import.

/** Cells a spreadsheet would evaluate: a formula, or a control character that starts one (OWASP). */
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * CSV injection guard for exported cells: a value a spreadsheet would run as a formula gets a leading
 * `'`. A value that already starts with quotes before such a character gets one more, so the import
 * can always strip exactly one and the round trip stays lossless.
 */
export function neutralizeCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** The import's inverse of neutralizeCell. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value;
}
