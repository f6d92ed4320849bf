import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { createRunDatabase } from './tests/databases.js';

/**
 * One suite, two databases (drizzle-orm's own pattern): the `pglite` project always, and the `postgres`
 * project on a fresh database of the PostgreSQL server when one answers (DATABASE_URL, else the local one).
 */
export default defineConfig(async () => {
  // the config is evaluated more than once per run: one database per run, made on the first evaluation
  const made = process.env.SHIPNOTE_TEST_DATABASE_URL;
  const server: Awaited<ReturnType<typeof createRunDatabase>> = made ? { url: made } : await createRunDatabase();
  if (server.url) {
    process.env.SHIPNOTE_TEST_DATABASE_URL = server.url;
    process.env.SHIPNOTE_TEST_ADMIN_DB = new URL(process.env.DATABASE_URL || process.env.PG_PROBE_URL || 'postgres://postgres@127.0.0.1:5432/test').pathname.slice(1);
  } else {
    console.log(`[vitest] no PostgreSQL server (${server.why}): running on PGlite only`);
  }
  // REDIS_URL is the app's (shared limits across instances): tests that want Redis read TEST_REDIS_URL
  const project = (name: string, databaseUrl: string) => ({ extends: true as const, test: { name, env: { DATABASE_URL: databaseUrl, REDIS_URL: '' } } });
  return {
    resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
    test: {
      environment: 'node',
      include: ['server/**/__tests__/**/*.test.ts', 'db/**/__tests__/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
      exclude: ['e2e/**', 'node_modules/**'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      globalSetup: ['tests/global-setup.ts'],
      // an empty DATABASE_URL is "unset" (db/settings.ts): PGlite, whatever the shell says
      projects: [project('pglite', ''), ...(server.url ? [project('postgres', server.url)] : [])],
    },
  };
});
