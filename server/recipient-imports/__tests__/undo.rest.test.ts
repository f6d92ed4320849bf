import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recipientImportChanges, recipientImports } from '@/db/schema';
import { manualClock, setClock } from '@/server/clock';
import { purgeExpired } from '@/server/maintenance/purge';
import { unsubscribeRecipient } from '@/server/recipients/unsubscribe';
import { emails, newList, setUpRestHarness, snapshot, unsubscribe } from '@/server/recipients/__tests__/helpers';
import { csvOf, importNow } from './helpers';

const harness = setUpRestHarness();
afterEach(() => setClock(undefined));

type List = Awaited<ReturnType<typeof newList>>;
const fieldsOf = async (list: List) =>
  Object.fromEntries((await snapshot(harness.db, list.listId)).map((r) => [r.id, { email: r.email, name: r.name, externalId: r.externalId, attributes: r.attributes, status: r.status }]));

async function seeded() {
  const list = await newList(harness);
  await list.call('PUT', `${list.base}/recipients`, {
    recipients: [
      { email: 'ada@example.test', name: 'Ada', external_id: 'crm-1', attributes: { plan: 'free' } },
      { email: 'bob@example.test', name: 'Bob' },
      'gone@example.test',
      'stay@example.test',
    ],
  });
  await list.call('DELETE', `${list.base}/recipients/gone%40example.test`);
  return list;
}

// updates ada (and moves her address), reactivates gone, removes bob, unsubscribes stay, creates two
const FILE = csvOf(
  'ada.l@example.test,Ada Lovelace,crm-1,active,,,"{""plan"":""pro""}"',
  'gone@example.test,Back,,,,,',
  'bob@example.test,,,removed,,,',
  'stay@example.test,,,unsubscribed,,,',
  'new1@example.test,New One,,,,,',
  'new2@example.test,,,,,,',
);

describe('POST imports/{id}/undo', () => {
  it('puts every changed recipient back in one go; those the import created become removed', async () => {
    const list = await seeded();
    const before = await fieldsOf(list);
    const done = await importNow(harness, list, FILE);
    expect(done.summary).toEqual({ create: 2, update: 1, reactivate: 1, status: 2, unchanged: 0, skipped: 0 });
    const res = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'undone', undo_until: null, undo: { restored: 3, removed: 2 } });
    // the import's unsubscribe is final: reported, not reversed
    expect(res.json.undo.skipped).toEqual([{ email: 'stay@example.test', reason: 'unsubscribed is final: the import set it and undo does not reactivate' }]);
    const after = await fieldsOf(list);
    const created = Object.values(after).filter((r) => r.email.startsWith('new'));
    expect(created.map((r) => r.status)).toEqual(['removed', 'removed']);
    for (const [id, row] of Object.entries(before)) {
      if (row.email === 'stay@example.test') expect(after[id]!.status).toBe('unsubscribed');
      else expect(after[id]).toEqual(row);
    }
    const again = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ detail: 'This import was already undone' });
  });

  it('leaves alone, and reports, recipients changed since the import (an unsubscribe above all)', async () => {
    const list = await seeded();
    const done = await importNow(harness, list, FILE);
    await unsubscribe(harness.db, list.listId, ['new1@example.test', 'gone@example.test']);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'ada.l@example.test', external_id: 'crm-1', name: 'Countess' }] });
    const res = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.undo.skipped).toEqual(
      expect.arrayContaining([
        { email: 'new1@example.test', reason: 'unsubscribed since the import' },
        { email: 'gone@example.test', reason: 'unsubscribed since the import' },
        { email: 'ada.l@example.test', reason: 'changed since the import' },
      ]),
    );
    expect(res.json.undo).toMatchObject({ restored: 1, removed: 1 });
    const rows = Object.fromEntries((await snapshot(harness.db, list.listId)).map((r) => [r.email, r]));
    expect(rows['new1@example.test']!.status).toBe('unsubscribed');
    expect(rows['gone@example.test']!.status).toBe('unsubscribed');
    expect(rows['ada.l@example.test']!.name).toBe('Countess');
    expect(rows['bob@example.test']!.status).toBe('active');
    expect(rows['new2@example.test']!.status).toBe('removed');
  });

  it('refuses after 24 hours with 409, and the purge then drops the file and the changes', async () => {
    const clock = manualClock();
    setClock(clock);
    const list = await seeded();
    const done = await importNow(harness, list, FILE);
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await list.call('GET', `${list.base}/imports`)).json.items[0].undo_until).toBe(done.undo_until);
    clock.advance(2000);
    expect((await list.call('GET', `${list.base}/imports`)).json.items[0].undo_until).toBeNull();
    const res = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe(`Undo was possible until ${done.undo_until}, 24 hours after the import finished`);

    expect((await purgeExpired(harness.db, new Date(clock.now()))).recipientImports).toBeGreaterThan(0);
    expect(await harness.db.select().from(recipientImportChanges).where(eq(recipientImportChanges.importId, done.id))).toEqual([]);
    const [row] = await harness.db.select().from(recipientImports).where(eq(recipientImports.id, done.id));
    expect(row).toMatchObject({ rows: null, report: null, status: 'done' });
    const detail = (await list.call('GET', `${list.base}/imports/${done.id}`)).json;
    expect(detail).toMatchObject({ status: 'done', rows: [], summary: done.summary });
  });

  it('refuses whole (400) an undo that would take the list past 500 active', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: emails('p', 10) });
    const done = await importNow(harness, list, csvOf(...emails('p', 10).map((e) => `${e},,,removed,,,`)));
    await list.call('POST', `${list.base}/recipients`, { emails: emails('fill', 495) });
    const before = await snapshot(harness.db, list.listId);
    const res = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Undo would bring the list to 505 active recipients; a list holds at most 500');
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });
});

describe('undo and addresses', () => {
  it('a chain of moved addresses whose start was taken since: the whole chain stays, reported, no 500', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'A' }, { email: 'b@example.test', external_id: 'B' }] });
    // B moves b -> c, then A moves a -> b (the address B left)
    const done = await importNow(harness, list, csvOf('c@example.test,,B,,,,', 'b@example.test,,A,,,,'));
    expect(done.summary).toMatchObject({ update: 2 });
    // someone new takes a@ meanwhile: A cannot go back, so b@ stays A's and B cannot go back either
    expect((await list.call('PUT', `${list.base}/recipients`, { recipients: ['a@example.test'] })).status).toBe(200);
    const before = await fieldsOf(list);
    const res = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.undo).toEqual({
      restored: 0,
      removed: 0,
      skipped: [
        { email: 'b@example.test', reason: 'its former address a@example.test now belongs to another recipient' },
        { email: 'c@example.test', reason: 'its former address b@example.test now belongs to another recipient' },
      ],
    });
    expect(await fieldsOf(list)).toEqual(before);
  });

  it('a chain of moved addresses comes back whole when nobody took them', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'A' }, { email: 'b@example.test', external_id: 'B' }] });
    const before = await fieldsOf(list);
    const done = await importNow(harness, list, csvOf('c@example.test,,B,,,,', 'b@example.test,,A,,,,'));
    const res = await list.call('POST', `${list.base}/imports/${done.id}/undo`);
    expect(res.json.undo).toEqual({ restored: 2, removed: 0, skipped: [] });
    expect(await fieldsOf(list)).toEqual(before);
  });
});

describe('undo under concurrency', () => {
  it('two undos, an upsert and an unsubscribe at once: one undo wins, the other is 409, nothing deadlocks', async () => {
    const list = await seeded();
    const done = await importNow(harness, list, FILE);
    const new1 = (await snapshot(harness.db, list.listId)).find((r) => r.email === 'new1@example.test')!;
    // the unsubscribe link's own path, which locks the list first like every writer
    const [first, second, upsert] = await Promise.all([
      list.call('POST', `${list.base}/imports/${done.id}/undo`),
      list.client()('POST', `${list.base}/imports/${done.id}/undo`),
      list.client()('PUT', `${list.base}/recipients`, { recipients: [{ email: 'new2@example.test', name: 'Touched' }, 'late@example.test'] }),
      unsubscribeRecipient(harness.db, { projectId: list.projectId, listId: list.listId, recipientId: new1.id }),
    ]);
    expect([first.status, second.status].sort(), first.text + second.text).toEqual([200, 409]);
    expect(upsert.status, upsert.text).toBe(200);
    const rows = Object.fromEntries((await snapshot(harness.db, list.listId)).map((r) => [r.email, r]));
    expect(rows['new1@example.test']!.status).toBe('unsubscribed');
    expect(rows['late@example.test']!.status).toBe('active');
  });
});
