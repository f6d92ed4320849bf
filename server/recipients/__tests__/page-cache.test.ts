import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import * as schema from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { createList } from '@/server/mailing-lists/create';
import { createProject } from '@/server/projects/create';
import { createTestUser } from '@/tests/factories';
import { listRecipients } from '../list';
import { RecipientPageCache } from '../page-cache';
import { removeRecipients } from '../remove-batch';
import { upsertRecipients } from '../upsert';
import { countingDatabase, emails, unsubscribe } from './helpers';

// A page read before is served from the cache only while the list's recipients are unchanged, whoever
// changed them: this process, another instance (another cache over the same database) or plain SQL.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

async function newList() {
  const owner = await createTestUser(handle.db);
  const project = await createProject(handle.db, { name: `Pages ${randomUUID().slice(0, 6)}`, ownerId: owner.id });
  const writer = { db: handle.db, projectId: project.id };
  const list = await createList({ ctx: writer, input: { name: 'Pages' } });
  await upsertRecipients({ ctx: writer, input: { list_id: list.id, recipients: emails('p', 5) } });
  return { project, list, writer };
}

const page = (db: Database, projectId: string, listId: string, limit = 3) => listRecipients({ ctx: { db, projectId }, input: { list_id: listId, limit } });
const summary = (result: Awaited<ReturnType<typeof page>>) => result.items.map((r) => `${r.email} ${r.status} ${r.name ?? ''} ${JSON.stringify(r.attributes)}`);

it('serves a page read before after one small read, and reads the page again once anything wrote its recipients', async () => {
  const { project, list, writer } = await newList();
  const reader = await countingDatabase(handle);
  const first = await page(reader.db, project.id, list.id);
  reader.statements.length = 0;
  const again = await page(reader.db, project.id, list.id);
  expect(again).toEqual(first);
  expect(reader.statements).toHaveLength(1);
  expect(reader.statements[0]).not.toMatch(/lateral/);

  const fresh = async () => {
    reader.statements.length = 0;
    const result = await page(reader.db, project.id, list.id);
    expect(reader.statements.some((statement) => /lateral/.test(statement))).toBe(true);
    return summary(result);
  };
  const first3 = emails('p', 3);
  await upsertRecipients({ ctx: writer, input: { list_id: list.id, recipients: [{ email: first3[0]!, name: 'Renamed' }] } });
  expect((await fresh())[0]).toBe(`${first3[0]} active Renamed {}`);
  await upsertRecipients({ ctx: writer, input: { list_id: list.id, recipients: [{ email: first3[1]!, attributes: { plan: 'pro' } }] } });
  expect((await fresh())[1]).toBe(`${first3[1]} active  {"plan":"pro"}`);
  await removeRecipients({ ctx: writer, input: { list_id: list.id, emails: [first3[2]!] } });
  expect((await fresh())[2]).toBe(`${first3[2]} removed  {}`);
  await unsubscribe(handle.db, list.id, [first3[0]!]);
  expect((await fresh())[0]).toBe(`${first3[0]} unsubscribed Renamed {}`);
  // a write no domain function made: the trigger still raises the version
  await handle.db.execute(sql`update recipients set name = 'By hand' where list_id = ${list.id} and email = ${first3[1]!}`);
  expect((await fresh())[1]).toBe(`${first3[1]} active By hand {"plan":"pro"}`);
  await handle.db.execute(sql`delete from recipients where list_id = ${list.id} and email = ${first3[0]!}`);
  const afterDelete = await fresh();
  expect(afterDelete).toHaveLength(3);
  expect(afterDelete[0]).toMatch(/^p1@/);
});

it('keeps pages apart by filter, cursor, size and project', async () => {
  const { project, list } = await newList();
  const reader = await countingDatabase(handle);
  const three = await page(reader.db, project.id, list.id, 3);
  const two = await page(reader.db, project.id, list.id, 2);
  expect(two.items).toHaveLength(2);
  expect(three.items).toHaveLength(3);
  const next = await listRecipients({ ctx: { db: reader.db, projectId: project.id }, input: { list_id: list.id, limit: 3, cursor: three.next_cursor! } });
  expect(next.items.map((r) => r.email)).toEqual(emails('p', 5).slice(3));
  const searched = await listRecipients({ ctx: { db: reader.db, projectId: project.id }, input: { list_id: list.id, limit: 3, q: 'p4' } });
  expect(searched.items.map((r) => r.email)).toEqual([emails('p', 5)[4]]);

  const owner = await createTestUser(handle.db);
  const stranger = await createProject(handle.db, { name: `Stranger ${randomUUID().slice(0, 6)}`, ownerId: owner.id });
  await expect(page(reader.db, stranger.id, list.id, 3)).rejects.toThrow('Mailing list not found');
});

it('answers not found for a cached page once its list is deleted', async () => {
  const { project, list } = await newList();
  const reader = await countingDatabase(handle);
  await page(reader.db, project.id, list.id);
  await handle.db.execute(sql`delete from mailing_lists where id = ${list.id}`);
  await expect(page(reader.db, project.id, list.id)).rejects.toThrow('Mailing list not found');
});

it('caches nothing read inside a transaction, whose writes may still roll back', async () => {
  const { project, list } = await newList();
  const before = summary(await page(handle.db, project.id, list.id));
  await handle.db
    .transaction(async (tx) => {
      await upsertRecipients({ ctx: { db: tx as unknown as Database, projectId: project.id }, input: { list_id: list.id, recipients: [{ email: 'p0@example.test', name: 'Never' }] } });
      const inside = await page(tx as unknown as Database, project.id, list.id);
      expect(summary(inside)[0]).toContain('Never');
      throw new Error('roll back');
    })
    .catch(() => {});
  // the rolled-back write took its version with it; a page cached from inside it would now be served
  await upsertRecipients({ ctx: { db: handle.db, projectId: project.id }, input: { list_id: list.id, recipients: [{ email: 'p1@example.test', name: 'Kept' }] } });
  const after = summary(await page(handle.db, project.id, list.id));
  expect(after[0]).toBe(before[0]);
  expect(after[1]).toContain('Kept');
});

it('hands out pages nobody can change in place', async () => {
  const { project, list } = await newList();
  const read = await page(handle.db, project.id, list.id);
  expect(() => {
    (read.items[0] as { email: string }).email = 'changed@example.com';
  }).toThrow(TypeError);
  expect((await page(handle.db, project.id, list.id)).items[0]!.email).not.toBe('changed@example.com');
});

it('keeps at most 10,000 places, an empty page (a search that found nothing) taking one, the least recently served going first', () => {
  const cache = new RecipientPageCache();
  const empty = () => ({ items: [], next_cursor: null });
  for (let i = 0; i < 10_000; i++) cache.set(`q${i}`, 1, empty());
  expect(cache.get('q0')).toBeDefined(); // now the most recently served
  cache.set('one more', 1, empty());
  expect(cache.get('q1')).toBeUndefined();
  expect(cache.get('q0')).toBeDefined();
  expect(cache.get('q9999')).toBeDefined();
});

it('weighs a recipient by its attributes too', () => {
  const cache = new RecipientPageCache();
  const recipient = { id: randomUUID(), email: 'a@example.test', attributes: Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`k${i}`, i])), status: 'active' as const, status_changed_at: null, is_active: true, created_at: '', updated_at: '' };
  // 1 + 20 places a page: 476 pages fill 9,996 places, the 477th pushes the first out
  for (let i = 0; i < 477; i++) cache.set(`p${i}`, 1, { items: [{ ...recipient, attributes: { ...recipient.attributes } }], next_cursor: null });
  expect(cache.get('p0')).toBeUndefined();
  expect(cache.get('p1')).toBeDefined();
});

// last in the file: it empties the table
it('serves no page cached before a TRUNCATE, and counts every list empty after it', async () => {
  const { project, list } = await newList();
  const reader = await countingDatabase(handle);
  expect((await page(reader.db, project.id, list.id)).items).toHaveLength(3);
  await handle.db.execute(sql`truncate recipients cascade`);
  expect((await page(reader.db, project.id, list.id)).items).toEqual([]);
  const [counts] = await handle.db.select().from(schema.mailingLists).where(sql`id = ${list.id}`);
  expect([counts!.activeCount, counts!.removedCount, counts!.unsubscribedCount]).toEqual([0, 0, 0]);
});
