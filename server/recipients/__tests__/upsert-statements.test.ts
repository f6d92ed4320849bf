import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createList } from '@/server/mailing-lists/create';
import { createProject } from '@/server/projects/create';
import { createTestUser } from '@/tests/factories';
import { getList } from '@/server/mailing-lists/get';
import { listLists } from '@/server/mailing-lists/list';
import { listRecipients } from '../list';
import { upsertRecipients } from '../upsert';
import { countingDatabase, emails, unsubscribe } from './helpers';

// A 1000-entry upsert must be set-based: a fixed handful of statements, never one per entry; reads are one.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

it('runs a 1000-entry upsert in at most six statements inside one transaction', async () => {
  const owner = await createTestUser(handle.db);
  const project = await createProject(handle.db, { name: `Bulk ${randomUUID().slice(0, 6)}`, ownerId: owner.id });
  const ctx = { db: handle.db, projectId: project.id };
  const list = await createList({ ctx, input: { name: 'Bulk' } });
  // 250 active to update (100 of them to a new address), 200 unsubscribed to skip, 250 new, 300 invalid
  await upsertRecipients({ ctx, input: { list_id: list.id, recipients: emails('u', 250).map((email, i) => ({ email, external_id: `id${i}` })) } });
  await upsertRecipients({ ctx, input: { list_id: list.id, recipients: emails('s', 200) } });
  await unsubscribe(handle.db, list.id, emails('s', 200));
  const entries = [
    ...emails('u', 250).map((email, i) => ({ email: i < 100 ? `moved${i}@example.test` : email, external_id: `id${i}`, name: 'N' })),
    ...emails('s', 200),
    ...emails('n', 250),
    ...Array.from({ length: 300 }, (_, i) => `invalid-${i}`),
  ];

  const counting = await countingDatabase(handle);
  const result = await upsertRecipients({ ctx: { db: counting.db, projectId: project.id }, input: { list_id: list.id, recipients: entries } });
  expect(result).toMatchObject({ added: 250, updated: 250, reactivated: 0, unchanged: 0, skipped_unsubscribed: 200 });
  expect(result.invalid).toHaveLength(300);
  // lock list, read matches, count active, free moved addresses, update, insert
  expect(counting.statements.length).toBeLessThanOrEqual(6);
  expect(counting.statements[0]).toMatch(/for no key update/);
});

it('reads a list, the lists and a page of recipients in one statement each, another project\'s list included', async () => {
  const owner = await createTestUser(handle.db);
  const project = await createProject(handle.db, { name: `Reads ${randomUUID().slice(0, 6)}`, ownerId: owner.id });
  const stranger = await createProject(handle.db, { name: `Other ${randomUUID().slice(0, 6)}`, ownerId: owner.id });
  const list = await createList({ ctx: { db: handle.db, projectId: project.id }, input: { name: 'Reads' } });
  await upsertRecipients({ ctx: { db: handle.db, projectId: project.id }, input: { list_id: list.id, recipients: emails('r', 30) } });

  const counting = await countingDatabase(handle);
  const ctx = { db: counting.db, projectId: project.id };
  const reads: [string, () => Promise<unknown>][] = [
    ['list recipients', () => listRecipients({ ctx, input: { list_id: list.id, limit: 10, q: 'r1' } })],
    ['list lists', () => listLists({ ctx })],
    ['get list', () => getList({ ctx, input: { list_id: list.id } })],
  ];
  for (const [name, read] of reads) {
    counting.statements.length = 0;
    await read();
    expect(counting.statements, name).toHaveLength(1);
  }
  counting.statements.length = 0;
  await expect(listRecipients({ ctx: { db: counting.db, projectId: stranger.id }, input: { list_id: list.id, limit: 10 } })).rejects.toThrow('Mailing list not found');
  expect(counting.statements).toHaveLength(1);
});
