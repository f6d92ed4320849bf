import * as schema from './schema';
import { migratePglite, migratePostgres } from './migrate';
import { databaseSettings } from './settings';
import type { Database } from './types';

export type { Database, DbOrTx, Schema, Transaction } from './types';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** Opens PGlite in `dataDir` (or in memory when null) and applies the migrations. */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm backs the recipient search index (migration 0007), as on a PostgreSQL server
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzle(client, { schema }) as unknown as Database;
  await migratePglite(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Connects to a PostgreSQL server and applies the migrations. */
export async function openPostgres(url: string, maxConnections = 10): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  await migratePostgres(url);
  // ISO dates whatever the server's default: drizzle and the recipients page read times as PostgreSQL's text
  const client = postgres(url, { max: maxConnections, onnotice: () => {}, connection: { DateStyle: 'ISO, MDY' } });
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

declare global {
  var __shipnoteDb: Promise<DatabaseHandle> | undefined;
}

/**
 * The process-wide database. Kept on globalThis because the custom server and Next's bundles load
 * this module separately, and a PGlite data folder can be open in one place only.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  globalThis.__shipnoteDb ??= databaseSettings.url ? openPostgres(databaseSettings.url) : openPglite(databaseSettings.dataDir);
  return globalThis.__shipnoteDb;
}

/** Installs an already-open database as the process-wide one (tests, CLI). */
export function installDatabase(handle: DatabaseHandle) {
  globalThis.__shipnoteDb = Promise.resolve(handle);
}

export async function db(): Promise<Database> {
  return (await getDatabase()).db;
}
