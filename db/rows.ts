/** The rows of `db.execute(sql...)`: postgres.js returns them as the result, PGlite inside `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
