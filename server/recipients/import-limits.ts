// Pure, so the dashboard can show the limits of the CSV import without bundling its parser.

/** A whole file is planned at once, so the upsert's in-order rules hold across all of it. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** One row (a recipient is at most a few KB): a header of a million columns stops the parser early. */
export const IMPORT_MAX_ROW_BYTES = 64 * 1024;
/** How long a preview waits for Import, and how long Undo stays possible after the import finished. */
export const IMPORT_WINDOW_HOURS = 24;
