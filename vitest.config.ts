import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { hostOf, postgresServer, probe } from './tests/databases.js';

const memo = globalThis as { __shipnotePostgres?: Promise<boolean> };

/**
 * Whether the `postgres` project runs: DATABASE_URL must answer when set; otherwise the machine's own
 * server is used when it answers, and a line says when it does not. Decided once: vitest evaluates
 * this file again for each project.
 */
function withPostgres(): Promise<boolean> {
  return (memo.__shipnotePostgres ??= (async () => {
    const server = postgresServer();
    const why = await probe(server.url);
    if (!why) return true;
    if (server.required) throw new Error(`DATABASE_URL (${hostOf(server.url)}) does not answer: ${why}. Unset it to test on PGlite alone.`);
    console.log(`[vitest] project postgres skipped: no PostgreSQL server at ${hostOf(server.url)} (${why}); testing on PGlite only`);
    return false;
  })());
}

/**
 * One suite, two databases (drizzle-orm's own pattern): the `pglite` project always, the `postgres`
 * project on a fresh database of the server (tests/global-setup.ts) when there is one.
 */
export default defineConfig(async () => {
  const postgres = await withPostgres();
  // an empty DATABASE_URL is "unset" (db/settings.ts): PGlite, whatever the shell says. REDIS_URL is the
  // app's (limits shared across instances): tests that want Redis read TEST_REDIS_URL
  const env = { DATABASE_URL: '', REDIS_URL: '', SHIPNOTE_TEST_POSTGRES_PROJECT: postgres ? '1' : '' };
  const projects: TestProjectInlineConfiguration[] = [{ extends: true, test: { name: 'pglite', env, setupFiles: ['server/zod-without-cycles.ts'] } }];
  if (postgres) projects.push({ extends: true, test: { name: 'postgres', env, globalSetup: ['tests/global-setup.ts'], setupFiles: ['server/zod-without-cycles.ts', 'tests/postgres-env.ts'] } });
  return {
    resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
    test: {
      environment: 'node',
      include: ['server/**/__tests__/**/*.test.ts', 'db/**/__tests__/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
      exclude: ['e2e/**', 'node_modules/**'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      projects,
    },
  };
});
