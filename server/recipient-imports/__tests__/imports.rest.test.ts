import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/rows';
import { describe, expect, it } from 'vitest';
import { recipientImports } from '@/db/schema';
import { emails, newList, setUpRestHarness, snapshot, unsubscribe } from '@/server/recipients/__tests__/helpers';
import { runImportJobs } from '../worker';
import { csvOf, importNow, upload } from './helpers';

const harness = setUpRestHarness();

/** `count` finished imports the project still holds for an hour: the 50-file cap counts them. */
const heldImports = (list: Awaited<ReturnType<typeof newList>>, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    projectId: list.projectId,
    listId: list.listId,
    fileName: `held-${i}.csv`,
    status: 'done' as const,
    totalRows: 1,
    rows: { rows: [], skipped: [] },
    report: [],
    summary: { create: 0, update: 0, reactivate: 0, status: 0, unchanged: 0, skipped: 0 },
    activeBefore: 0,
    activeAfter: 0,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  }));

const statuses = async (list: Awaited<ReturnType<typeof newList>>) =>
  Object.fromEntries((await snapshot(harness.db, list.listId)).map((r) => [r.email, r.status]));

describe('POST imports (upload and preview)', () => {
  it('parses the whole file on the server and previews each row, writing nothing', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [{ email: 'a@example.test', name: 'Ada' }, 'r@example.test', 'u@example.test', { email: 'x@example.test', external_id: 'crm-x' }],
    });
    await list.call('DELETE', `${list.base}/recipients/r%40example.test`);
    await unsubscribe(harness.db, list.listId, ['u@example.test']);
    const before = await snapshot(harness.db, list.listId);
    const csv = [
      '\uFEFFName,EMAIL,status,notes',
      'Ada Lovelace,a@example.test,,x',
      ',r@example.test,active,',
      ',u@example.test,,',
      'New,n@example.test,,',
      ',not-an-address,,',
      ',x@example.test,removed,',
      ',nobody@example.test,removed,',
      ',a2@example.test,paused,',
    ].join('\n');
    const job = await upload(list, csv, 'crm.csv');
    expect(job).toMatchObject({
      file_name: 'crm.csv', status: 'ready', total_rows: 8, processed: 0, can_start: true, blocked_reason: null,
      summary: { create: 1, update: 1, reactivate: 1, status: 1, unchanged: 0, skipped: 4 },
      active_before: 2, active_after: 3, active_limit: 500, undo_until: null,
    });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);

    const detail = (await list.call('GET', `${list.base}/imports/${job.id}`)).json;
    expect(detail.rows.map((r: { line: number; action: string; reason?: string }) => [r.line, r.action, r.reason])).toEqual([
      [2, 'update', undefined],
      [3, 'reactivate', undefined],
      [4, 'skipped', 'unsubscribed: an import never reactivates'],
      [5, 'create', undefined],
      [6, 'skipped', 'not a valid email address'],
      [7, 'status', undefined],
      [8, 'skipped', 'not on the list: an import adds only rows marked active (this one is removed)'],
      [9, 'skipped', 'unknown status "paused"'],
    ]);
    expect(detail.rows[0].changes).toEqual([{ field: 'name', before: 'Ada', after: 'Ada Lovelace' }]);
    expect(detail.rows[1].changes).toEqual([{ field: 'status', before: 'removed', after: 'active' }]);
    expect(detail.rows[3].changes).toEqual([{ field: 'name', before: null, after: 'New' }]);
    expect(detail.next_offset).toBeNull();
    const page = (await list.call('GET', `${list.base}/imports/${job.id}?offset=2&limit=3`)).json;
    expect(page.rows.map((r: { line: number }) => r.line)).toEqual([4, 5, 6]);
    expect(page.next_offset).toBe(5);
  });

  it('previews rows that reach the same recipient once, on the last of them, with what the import leaves', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'old@example.test', name: 'Old' }] });
    const csv = [
      'email,external_id,name,attributes',
      'd1@example.test,X,One,',
      'd2@example.test,X,,"{""plan"":""pro""}"',
      'b1@example.test,,B,',
      'B1@EXAMPLE.test,,,',
      'old@example.test,,Older,',
      'OLD@example.test,,,',
    ].join('\n');
    const job = await upload(list, csv);
    expect(job).toMatchObject({ summary: { create: 2, update: 1, reactivate: 0, status: 0, unchanged: 0, skipped: 3 }, active_before: 1, active_after: 3 });
    const detail = (await list.call('GET', `${list.base}/imports/${job.id}`)).json;
    expect(detail.rows.map((r: { line: number; action: string; reason?: string }) => [r.line, r.action, r.reason])).toEqual([
      [2, 'skipped', 'the same recipient as row 3, which shows the outcome of both'],
      [3, 'create', undefined],
      [4, 'skipped', 'the same recipient as row 5, which shows the outcome of both'],
      [5, 'create', undefined],
      [6, 'skipped', 'the same recipient as row 7, which shows the outcome of both'],
      [7, 'update', undefined],
    ]);
    // the fields the file leaves on the one new recipient: row 2's name, row 3's address and attributes
    expect(detail.rows[1].changes).toEqual([
      { field: 'name', before: null, after: 'One' },
      { field: 'external_id', before: null, after: 'X' },
      { field: 'attributes', before: null, after: '{"plan":"pro"}' },
    ]);
    expect(detail.rows[3].changes).toEqual([{ field: 'name', before: null, after: 'B' }]);
    expect(detail.rows[5].changes).toEqual([{ field: 'name', before: 'Old', after: 'Older' }]);

    expect((await list.call('POST', `${list.base}/imports/${job.id}/start`)).status).toBe(202);
    await runImportJobs(harness.handle, { projects: [list.projectId] });
    const after = await snapshot(harness.db, list.listId);
    expect(after.map((r) => [r.email, r.name, r.externalId]).sort()).toEqual([
      ['b1@example.test', 'B', null],
      ['d2@example.test', 'One', 'X'],
      ['old@example.test', 'Older', null],
    ]);
  });

  it('answers 422 at body.csv for a malformed file, a header without email or naming a column twice, no rows or too many rows', async () => {
    const list = await newList(harness);
    const cases = [
      'email,name\n"a@example.test,unclosed',
      'name,external_id\nAda,1',
      'Email,name,notes,NAME\na@example.test,A,,B',
      'email,email\na@example.test,b@example.test',
      'email',
      ['email', ...emails('many', 10_001)].join('\n'),
    ];
    for (const csv of cases) {
      const res = await list.call('POST', `${list.base}/imports`, { csv });
      expect(res.status, res.text).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['body', 'csv']);
    }
    expect((await list.call('POST', `${list.base}/imports`, { csv: '' })).status).toBe(422);
    expect((await list.call('GET', `${list.base}/imports`)).json.items).toEqual([]);
  });

  it('keeps the 3 newest previews not started of a list: a 4th upload discards the oldest', async () => {
    const list = await newList(harness);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await upload(list, `email\np${i}@example.test`, `p${i}.csv`)).id);
    const items = (await list.call('GET', `${list.base}/imports`)).json.items;
    expect(items.map((i: { id: string }) => i.id)).toEqual(ids.slice(1).reverse());
    expect((await list.call('POST', `${list.base}/imports/${ids[0]}/start`)).status).toBe(404);
    expect((await list.call('POST', `${list.base}/imports/${ids[3]}/start`)).status).toBe(202);
  });

  it('a project holds at most 50 files at once: one more upload is 400 {detail} until one of them expires', async () => {
    const list = await newList(harness);
    const stored = await harness.db.insert(recipientImports).values(heldImports(list, 50)).returning({ id: recipientImports.id });
    const refused = await list.call('POST', `${list.base}/imports`, { csv: 'email\none-more@example.test' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.detail).toMatch(/already holds 50 imports/);
    expect((await list.call('GET', `${list.base}/imports`)).json.items.filter((i: { status: string }) => i.status === 'ready')).toEqual([]);
    await harness.db.update(recipientImports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(recipientImports.id, stored[0]!.id));
    expect((await list.call('POST', `${list.base}/imports`, { csv: 'email\none-more@example.test' })).status).toBe(201);
  });

  it('holds the 50-file cap under concurrent uploads: of thirty at 48 held, exactly two are stored', async () => {
    const list = await newList(harness);
    await harness.db.insert(recipientImports).values(heldImports(list, 48));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => list.client()('POST', `${list.base}/imports`, { csv: `email\nrace-${i}@example.test` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, ...Array(28).fill(400)]);
    const [stored] = rowsOf<{ n: number }>(await harness.db.execute(sql`select count(*)::int as n from recipient_imports where list_id = ${list.listId}`));
    expect(stored!.n).toBe(50);
  });

  it('takes a file of 10,000 rows in one upload', async () => {
    const list = await newList(harness);
    const job = await upload(list, ['email,status', ...emails('gone', 10_000).map((e) => `${e},removed`)].join('\n'));
    expect(job).toMatchObject({ total_rows: 10_000, summary: { skipped: 10_000 } });
  });
});

describe('start and apply', () => {
  it('applies on the server in one job: progress to the end, the outcome per row, in the list of imports', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['old@example.test'] });
    const done = await importNow(harness, list, csvOf(...emails('new', 30).map((e, i) => `${e},Person ${i},crm-${i},active,,,"{""n"":${i}}"`), 'old@example.test,,,removed,,,'));
    expect(done).toMatchObject({ status: 'done', total_rows: 31, processed: 31, summary: { create: 30, status: 1 }, active_after: 30, error: null });
    expect(Date.parse(done.undo_until) - Date.parse(done.finished_at)).toBe(24 * 3600 * 1000);
    const page = (await list.call('GET', `${list.base}/recipients?status=active&limit=500`)).json.items;
    expect(page).toHaveLength(30);
    expect(page[3]).toMatchObject({ email: 'new3@example.test', name: 'Person 3', external_id: 'crm-3', attributes: { n: 3 } });
    expect(await statuses(list)).toMatchObject({ 'old@example.test': 'removed' });
    const listed = (await list.call('GET', `${list.base}/imports`)).json.items;
    expect(listed.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[done.id, 'done']]);
  });

  it('an exported file imported back into its list changes nothing, whatever the statuses and formulas', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [
        { email: 'ada@example.test', name: 'Lovelace, "Ada"', external_id: 'crm-1', attributes: { plan: 'pro', seats: 3, trial: false, ratio: 0.5 } },
        { email: 'multi@example.test', name: 'Line\nbreak' },
        { email: 'f1@example.test', name: '=HYPERLINK("https://evil.example","Click")', external_id: '+1-555' },
        { email: 'f2@example.test', name: "'=already quoted", external_id: '\tTAB' },
        'gone@example.test',
        'unsub@example.test',
      ],
    });
    await list.call('DELETE', `${list.base}/recipients/gone%40example.test`);
    await unsubscribe(harness.db, list.listId, ['unsub@example.test']);
    const before = await snapshot(harness.db, list.listId);
    const csv = (await list.call('GET', `${list.base}/recipients/export.csv`)).text;
    const done = await importNow(harness, list, csv);
    expect(done.summary).toEqual({ create: 0, update: 0, reactivate: 0, status: 0, unchanged: 6, skipped: 0 });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('restores removed and unsubscribed from the file, and never reactivates an unsubscribed recipient', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['a@example.test', 'b@example.test', 'c@example.test', 'u@example.test', 'r@example.test'] });
    await list.call('DELETE', `${list.base}/recipients/r%40example.test`);
    await unsubscribe(harness.db, list.listId, ['u@example.test']);
    const done = await importNow(harness, list, csvOf('a@example.test,,,removed,,,', 'b@example.test,,,unsubscribed,,,', 'u@example.test,,,active,,,', 'u@example.test,,,removed,,,', 'r@example.test,,,unsubscribed,,,'));
    expect(await statuses(list)).toEqual({ 'a@example.test': 'removed', 'b@example.test': 'unsubscribed', 'c@example.test': 'active', 'u@example.test': 'unsubscribed', 'r@example.test': 'unsubscribed' });
    expect(done.summary).toMatchObject({ status: 3, skipped: 2 });
    const reasons = done.rows.filter((r: { action: string }) => r.action === 'skipped').map((r: { reason: string }) => r.reason);
    expect(reasons).toEqual(['unsubscribed: an import never reactivates', 'unsubscribed: stays unsubscribed']);
    // status_changed_at moves with the status, as for every other status change
    const rows = await snapshot(harness.db, list.listId);
    expect(rows.find((r) => r.email === 'a@example.test')!.statusChangedAt).not.toBeNull();
  });

  it('cannot start past the 500-active cap: 400 {detail}, the preview says why, nothing written', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: emails('full', 495) });
    const job = await upload(list, ['email', ...emails('more', 10)].join('\n'));
    expect(job).toMatchObject({ can_start: false, active_after: 505, blocked_reason: 'This import would bring the list to 505 active recipients; a list holds at most 500' });
    const res = await list.call('POST', `${list.base}/imports/${job.id}/start`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail: job.blocked_reason });
    expect((await snapshot(harness.db, list.listId)).length).toBe(495);
  });

  it('a list that filled up between Import and the worker fails the job whole', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: emails('full', 490) });
    const job = await upload(list, ['email', ...emails('more', 10)].join('\n'));
    expect((await list.call('POST', `${list.base}/imports/${job.id}/start`)).status).toBe(202);
    await list.call('POST', `${list.base}/recipients`, { emails: ['late@example.test'] });
    await runImportJobs(harness.handle, { projects: [list.projectId] });
    const failed = (await list.call('GET', `${list.base}/imports/${job.id}`)).json;
    expect(failed).toMatchObject({ status: 'failed', processed: 0, error: expect.stringContaining('501 active recipients') });
    expect((await snapshot(harness.db, list.listId)).length).toBe(491);
  });

  it('starts once: a second start is 409, undo of an import not applied is 409', async () => {
    const list = await newList(harness);
    const job = await upload(list, 'email\none@example.test');
    expect((await list.call('POST', `${list.base}/imports/${job.id}/undo`)).status).toBe(409);
    const [a, b] = await Promise.all([list.call('POST', `${list.base}/imports/${job.id}/start`), list.client()('POST', `${list.base}/imports/${job.id}/start`)]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.detail).toMatch(/already started/);
  });
});

describe('errors and isolation', () => {
  it('422 with the loc for a malformed list or import id, 404 for an unknown one', async () => {
    const list = await newList(harness);
    const bad = await list.call('GET', `${list.base}/imports/not-a-uuid`);
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(['path', 'import_id']);
    const badList = await list.call('POST', '/api/v1/email/lists/nope/imports', { csv: 'email\na@example.test' });
    expect(badList.json.detail[0].loc).toEqual(['path', 'list_id']);
    const unknown = await list.call('POST', `${list.base}/imports/00000000-0000-4000-8000-000000000000/start`);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ detail: 'Import not found' });
    const limit = await list.call('GET', `${list.base}/imports/00000000-0000-4000-8000-000000000000?limit=501`);
    expect(limit.status).toBe(422);
  });

  it('a JSON escape in the attributes cell that PostgreSQL cannot store (NUL, lone surrogate) skips the row, no 500', async () => {
    const list = await newList(harness);
    const csv = csvOf(
      'nul@example.test,,,,,,"{""k"":""x\\u0000y""}"',
      'half@example.test,,,,,,"{""k"":""\\ud800""}"',
      'key@example.test,,,,,,"{""\\u0000"":1}"',
      'fine@example.test,,,,,,"{""k"":""\\u00e9""}"',
    );
    const job = await upload(list, csv);
    expect(job.summary).toMatchObject({ create: 1, skipped: 3 });
    const rows = (await list.call('GET', `${list.base}/imports/${job.id}`)).json.rows;
    expect(rows.filter((r: { action: string }) => r.action === 'skipped').map((r: { reason: string }) => r.reason)).toEqual(Array(3).fill('attributes: text must not contain NUL characters or lone surrogates'));
  });

  it("another project sees none of a project's imports, even through a list of its own", async () => {
    const mine = await newList(harness);
    const theirs = await newList(harness);
    const job = await upload(mine, 'email\nsecret@example.test');
    const asThem = (path: string) => theirs.call('GET', path);
    expect((await asThem(`${mine.base}/imports/${job.id}`)).status).toBe(404);
    expect((await asThem(`${mine.base}/imports`)).status).toBe(404);
    expect((await asThem(`${theirs.base}/imports/${job.id}`)).status).toBe(404);
    for (const verb of ['start', 'undo']) {
      expect((await theirs.call('POST', `${theirs.base}/imports/${job.id}/${verb}`)).status).toBe(404);
      expect((await theirs.call('POST', `${mine.base}/imports/${job.id}/${verb}`)).status).toBe(404);
    }
    // and an import of one list is not found on another list of the same project
    const other = await mine.call('POST', '/api/v1/email/lists', { name: 'Other list' });
    expect((await mine.call('GET', `/api/v1/email/lists/${other.json.id}/imports/${job.id}`)).status).toBe(404);
    expect((await mine.call('GET', `${mine.base}/imports/${job.id}`)).json.status).toBe('ready');
  });
});
