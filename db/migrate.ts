import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const migrationsFolder = path.join(process.cwd(), 'db/migrations');
// Any constant works: it only keeps two processes from migrating the same server at once.
const MIGRATION_LOCK = 727_274_001;

export async function migrateDatabase(db: Database, kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrate(tx as never, { migrationsFolder });
  });
}
