import type { TestProject } from 'vitest/node';
import { createRunDatabase, dropRunDatabase, postgresServer } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the `postgres` project's database for this run (tests/postgres-env.ts makes it DATABASE_URL) */
    databaseUrl: string;
  }
}

/**
 * The `postgres` project's globalSetup: a fresh database on the server for this run, handed to the
 * project's workers, dropped when the run ends. Runs only when that project has files in the run.
 */
export default async function setup(project: TestProject) {
  const server = postgresServer().url;
  const url = await createRunDatabase(server);
  project.provide('databaseUrl', url);
  return () => dropRunDatabase(server, url);
}
