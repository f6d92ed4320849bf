import { inject } from 'vitest';

// The `postgres` project's setup file: runs in each worker before a test file is imported, so the file,
// db/testing.ts and every process it spawns see the run's database as DATABASE_URL.
process.env.DATABASE_URL = inject('databaseUrl');
