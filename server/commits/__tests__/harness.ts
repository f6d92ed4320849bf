import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';

export interface Harness {
  db: Database;
  url: string;
}

/** One test database and real HTTP server per file. */
export function startHarness(): Harness {
  const harness = {} as Harness;
  let handle: DatabaseHandle;
  let server: TestServer;
  beforeAll(async () => {
    handle = await openTestDatabase();
    harness.db = handle.db;
    server = await startRestServer();
    harness.url = server.url;
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });
  return harness;
}

/** A new project with a token and a client of its own (own IP, own rate-limit budget). */
export async function newProject(harness: Harness) {
  const created = await createTestProject(harness.db);
  return { ...created, projectId: created.project.id, call: apiClient(harness.url, { token: created.token }) };
}

export function randomSha(length = 40) {
  return randomBytes(32).toString('hex').slice(0, length);
}

/** A commit as `POST /commits` takes it. */
export function commitBody(overrides: Record<string, unknown> = {}) {
  return { sha: randomSha(), message: 'feat: something', author_name: 'Ada', authored_at: '2025-03-10T12:00:00Z', ...overrides };
}
