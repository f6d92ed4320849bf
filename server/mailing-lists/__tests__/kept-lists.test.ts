import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { recipients } from '@/db/schema';
import { onInvalidation } from '@/server/cache-bus';
import { manualClock, setClock } from '@/server/clock';
import { csvOf, importNow } from '@/server/recipient-imports/__tests__/helpers';
import { countingDatabase, newList, setUpRestHarness } from '@/server/recipients/__tests__/helpers';
import { unsubscribeRecipient } from '@/server/recipients/unsubscribe';
import { keptListsOf, writingLists } from '../kept-lists';

// A project's lists are read once and served from memory; every write made through Shipnote shows in the
// next read at once, and a write made around it (plain SQL) within a second.
const harness = setUpRestHarness();
afterEach(() => setClock(undefined));

type List = Awaited<ReturnType<typeof newList>>;

async function countsOf(list: List) {
  const res = await list.call('GET', '/api/v1/email/lists');
  expect(res.status, res.text).toBe(200);
  const mine = res.json.find((l: { id: string }) => l.id === list.listId);
  return `${mine.name} ${mine.recipient_count}/${mine.active_count}`;
}

it('reads the lists once, then serves them without a statement, checked and frozen', async () => {
  const list = await newList(harness, 'Kept');
  const reader = await countingDatabase(harness.handle);
  const first = await keptListsOf(reader.db, list.projectId);
  expect(reader.statements).toHaveLength(1);
  const again = await keptListsOf(reader.db, list.projectId);
  expect(reader.statements).toHaveLength(1);
  expect(again.summaries).toBe(first.summaries);
  expect(Object.isFrozen(again.summaries[0])).toBe(true);
  expect(again.summaries.map((l) => l.name)).toEqual(['Kept']);
});

it('shows every write made through Shipnote in the next read', async () => {
  const list = await newList(harness, 'Writes');
  expect(await countsOf(list)).toBe('Writes 0/0');

  expect((await list.call('POST', `${list.base}/recipients`, { emails: ['a@example.com'] })).status).toBe(200);
  expect(await countsOf(list)).toBe('Writes 1/1');
  expect((await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.com' }, { email: 'b@example.com' }] })).status).toBe(200);
  expect(await countsOf(list)).toBe('Writes 2/2');
  expect((await list.call('POST', `${list.base}/recipients/remove`, { emails: ['a@example.com'] })).status).toBe(200);
  expect(await countsOf(list)).toBe('Writes 2/1');
  expect((await list.call('DELETE', `${list.base}/recipients/b@example.com`)).status).toBe(200);
  expect(await countsOf(list)).toBe('Writes 2/0');

  const imported = await importNow(harness, list, csvOf('c@example.com,,,,,,', 'd@example.com,,,,,,'));
  expect(imported.status).toBe('done');
  expect(await countsOf(list)).toBe('Writes 4/2');
  expect((await list.call('POST', `${list.base}/imports/${imported.id}/undo`)).status).toBe(200);
  expect(await countsOf(list)).toBe('Writes 4/0'); // the two it created are removed again

  expect((await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'e@example.com' }] })).status).toBe(200);
  const [row] = await harness.db.select({ id: recipients.id }).from(recipients).where(and(eq(recipients.listId, list.listId), eq(recipients.email, 'e@example.com')));
  expect(await countsOf(list)).toBe('Writes 5/1');
  expect(await unsubscribeRecipient(harness.db, { projectId: list.projectId, listId: list.listId, recipientId: row!.id })).toBe(true);
  expect(await countsOf(list)).toBe('Writes 5/0');

  expect((await list.call('POST', '/api/v1/email/lists', { name: 'Second' })).status).toBe(201);
  const res = await list.call('GET', '/api/v1/email/lists');
  expect(res.json.map((l: { name: string }) => l.name)).toEqual(['Writes', 'Second']);
});

it('shows a write made in plain SQL once the lists were read a second ago', async () => {
  const time = manualClock();
  setClock(time);
  const list = await newList(harness, 'Before');
  expect(await countsOf(list)).toBe('Before 0/0');
  await harness.db.execute(sql`update mailing_lists set name = 'After' where id = ${list.listId}`);
  expect(await countsOf(list)).toBe('Before 0/0');
  time.advance(999);
  expect(await countsOf(list)).toBe('Before 0/0');
  time.advance(1);
  expect(await countsOf(list)).toBe('After 0/0');
});

it('clears the kept lists only after the write committed, not after a write that threw, and refuses to run inside a transaction', async () => {
  const list = await newList(harness, 'Order');
  let committed = false;
  const seenAtClear: boolean[] = [];
  const stop = onInvalidation('mailing-lists', () => seenAtClear.push(committed));
  try {
    const db = new Proxy(harness.db, {
      get: (target, name, receiver) =>
        name === 'transaction'
          ? async (...args: Parameters<typeof target.transaction>) => {
              const result = await target.transaction(...args);
              committed = true;
              return result;
            }
          : Reflect.get(target, name, receiver),
    });
    await writingLists(db, (tx) => tx.execute(sql`update mailing_lists set name = 'Ordered' where id = ${list.listId}`));
    expect(seenAtClear).toEqual([true]);

    await expect(writingLists(harness.db, async () => Promise.reject(new Error('refused before writing')))).rejects.toThrow('refused before writing');
    expect((await list.call('DELETE', `/api/v1/email/lists/${randomUUID()}/recipients/nobody@example.com`)).status).toBe(404);
    expect(seenAtClear).toEqual([true]);

    await expect(harness.db.transaction((tx) => writingLists(tx, async () => 1))).rejects.toThrow('its own transaction');
  } finally {
    stop();
  }
});

it('does not serve again lists read while a write ended, and reads inside a transaction from the table', async () => {
  const list = await newList(harness, 'Racing');
  const reader = await countingDatabase(harness.handle);
  const reading = keptListsOf(reader.db, list.projectId);
  await writingLists(harness.db, (tx) => tx.execute(sql`update mailing_lists set name = 'Renamed' where id = ${list.listId}`));
  await reading;
  reader.statements.length = 0;
  expect((await keptListsOf(reader.db, list.projectId)).summaries[0]!.name).toBe('Renamed');
  expect(reader.statements).toHaveLength(1);

  const seenInside: string[] = [];
  await harness.db
    .transaction(async (tx) => {
      seenInside.push((await keptListsOf(tx, list.projectId)).summaries[0]!.name);
      await tx.execute(sql`update mailing_lists set name = 'Uncommitted' where id = ${list.listId}`);
      seenInside.push((await keptListsOf(tx, list.projectId)).summaries[0]!.name);
      tx.rollback();
    })
    .catch(() => {});
  expect(seenInside).toEqual(['Renamed', 'Uncommitted']);
  expect((await keptListsOf(reader.db, list.projectId)).summaries[0]!.name).toBe('Renamed');
});
