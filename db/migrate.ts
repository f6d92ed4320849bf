import path from 'node:path';
import type { Database } from './types';

const migrationsFolder = path.join(process.cwd(), 'db/migrations');
// Any constant works: it only keeps two processes from migrating the same server at once.
const MIGRATION_LOCK = 727_274_001;

export async function migratePglite(db: Database) {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(db as never, { migrationsFolder });
}

/** Migrates a PostgreSQL server over one dedicated connection holding an advisory lock. */
export async function migratePostgres(url: string) {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(client), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
