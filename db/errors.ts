/**
 * Whether a database error (from postgres.js or PGlite, possibly wrapped by drizzle as `cause`) carries
 * this SQLSTATE, e.g. `23505` unique violation, `23503` foreign key violation.
 */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return true;
  }
  return false;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
