import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import * as schema from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { recipients } from '@/db/schema';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';

export interface Harness {
  db: Database;
  handle: DatabaseHandle;
  url: string;
}

/** One test database and REST server per file, torn down after it. */
export function setUpRestHarness(): Harness {
  const harness = {} as Harness;
  let server: TestServer;
  beforeAll(async () => {
    harness.handle = await openTestDatabase();
    harness.db = harness.handle.db;
    server = await startRestServer();
    harness.url = server.url;
  });
  afterAll(async () => {
    await server.close();
    await harness.handle.close();
  });
  return harness;
}

/** A project with a token and one new list; `call` is a fresh client (own IP, own rate-limit budget). */
export async function newList(harness: Harness, name = `List ${randomUUID().slice(0, 6)}`) {
  const { token, project } = await createTestProject(harness.db);
  const call = apiClient(harness.url, { token });
  const res = await call('POST', '/api/v1/email/lists', { name });
  if (res.status !== 201) throw new Error(`list not created: ${res.status} ${res.text}`);
  const listId: string = res.json.id;
  return {
    token,
    projectId: project.id,
    listId,
    base: `/api/v1/email/lists/${listId}`,
    call,
    /** another client of the same project, for tests that need more than one client's budget */
    client: () => apiClient(harness.url, { token }),
  };
}

/** What the unsubscribe link in an email does (active -> unsubscribed), set directly; the list locked first, as every writer does. */
export async function unsubscribe(db: Database, listId: string, emails: string[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from mailing_lists where id = ${listId} for no key update`);
    await tx
      .update(recipients)
      .set({ status: 'unsubscribed', statusChangedAt: sql`now()` })
      .where(and(eq(recipients.listId, listId), inArray(recipients.email, emails), eq(recipients.status, 'active')));
  });
}

/** Every row of the list as stored, keyed by email, for "nothing changed" assertions. */
export async function snapshot(db: Database, listId: string) {
  const rows = await db.select().from(recipients).where(eq(recipients.listId, listId)).orderBy(recipients.seq);
  return rows.map((r) => ({ ...r, attributes: r.attributes }));
}

export const emails = (prefix: string, n: number, domain = 'example.test') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@${domain}`);

/**
 * The same connection through a new drizzle, with a logger that counts the statements sent; its own
 * per-database caches (prepared statements, recipients pages), as another instance has.
 */
export async function countingDatabase(handle: DatabaseHandle): Promise<{ db: Database; statements: string[] }> {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle(client as never, { schema, logger })
      : (await import('drizzle-orm/postgres-js')).drizzle(client as never, { schema, logger });
  return { db: db as unknown as Database, statements };
}
