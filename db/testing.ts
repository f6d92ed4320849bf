import { openPglite, openPostgres, installDatabase, type DatabaseHandle } from './client';

/**
 * A migrated database for one test file: the PostgreSQL server when DATABASE_URL is set, otherwise a
 * fresh in-memory PGlite. Tests never wipe shared tables: factories make uniquely named data instead.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  const handle = url ? await openPostgres(url, 20) : await openPglite(null);
  installDatabase(handle);
  return handle;
}
