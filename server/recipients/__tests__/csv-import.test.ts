import { describe, expect, it } from 'vitest';
import { previewUpsert } from '../preview';
import { parseImportCsv } from '../csv-import';
import { upsertRecipients } from '../upsert';
import { newList, setUpRestHarness, snapshot, unsubscribe } from './helpers';

const harness = setUpRestHarness();

describe('dashboard CSV import', () => {
  it('importing a file exported from the same list changes nothing', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [
        { email: 'ada@example.test', name: 'Lovelace, "Ada"', external_id: 'crm-1', attributes: { plan: 'pro', seats: 3, trial: false, ratio: 0.5 } },
        { email: 'multi@example.test', name: 'Line\nbreak' },
        'bare@example.test',
        'gone@example.test',
        'unsub@example.test',
      ],
    });
    await list.call('DELETE', `${list.base}/recipients/gone%40example.test`);
    await unsubscribe(harness.db, list.listId, ['unsub@example.test']);
    const before = await snapshot(harness.db, list.listId);

    const csv = (await list.call('GET', `${list.base}/recipients/export.csv`)).text;
    const parsed = parseImportCsv(csv);
    expect(parsed.skipped.map((s) => [s.email, s.reason])).toEqual([
      ['gone@example.test', 'marked removed in the file'],
      ['unsub@example.test', 'marked unsubscribed in the file'],
    ]);
    const ctx = { db: harness.db, projectId: list.projectId };
    const recipients = parsed.entries.map((e) => e.entry);
    const preview = await previewUpsert({ ctx, input: { list_id: list.listId, recipients } });
    expect(preview.outcomes).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(preview).toMatchObject({ active_before: 3, active_after: 3, active_limit: 500 });
    const result = await upsertRecipients({ ctx, input: { list_id: list.listId, recipients } });
    expect(result).toMatchObject({ added: 0, updated: 0, reactivated: 0, unchanged: 3 });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('exports formulas as inert text (OWASP) and imports them back exactly as stored', async () => {
    const list = await newList(harness);
    const hostile = [
      { email: 'f1@example.test', name: '=HYPERLINK("https://evil.example","Click")', external_id: '+1-555' },
      { email: 'f2@example.test', name: '@SUM(A1:A9)', external_id: '-42' },
      { email: 'f3@example.test', name: "'=already quoted", external_id: '\tTAB' },
      { email: 'f4@example.test', name: "'plain quote", external_id: 'crm-4' },
    ];
    await list.call('PUT', `${list.base}/recipients`, { recipients: hostile });
    const before = await snapshot(harness.db, list.listId);
    const csv = (await list.call('GET', `${list.base}/recipients/export.csv`)).text;
    // no cell a spreadsheet would evaluate: every data cell starts with something other than = + - @ tab CR
    const cells = csv.split('\r\n').slice(1).filter(Boolean).flatMap((line) => line.split(',').map((cell) => cell.replace(/^"/, '')));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(csv).toContain(`''=already quoted`);

    const recipients = parseImportCsv(csv).entries.map((e) => e.entry);
    expect(recipients.map((r) => r.name)).toEqual(hostile.map((r) => r.name));
    const ctx = { db: harness.db, projectId: list.projectId };
    expect(await upsertRecipients({ ctx, input: { list_id: list.listId, recipients } })).toMatchObject({ unchanged: 4 });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('previews adds, updates, reactivations, skips and the cap without writing', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: ['a@example.test', 'r@example.test', 'u@example.test'] });
    await list.call('DELETE', `${list.base}/recipients/r%40example.test`);
    await unsubscribe(harness.db, list.listId, ['u@example.test']);
    const before = await snapshot(harness.db, list.listId);
    const csv = [
      '\uFEFFName,EMAIL,notes',
      'Ada,a@example.test,x',
      ',r@example.test,',
      ',u@example.test,',
      'New,n@example.test,',
      ',not-an-address,',
    ].join('\n');
    const parsed = parseImportCsv(csv);
    const ctx = { db: harness.db, projectId: list.projectId };
    const preview = await previewUpsert({ ctx, input: { list_id: list.listId, recipients: parsed.entries.map((e) => e.entry) } });
    expect(preview.outcomes).toEqual(['updated', 'reactivated', 'skipped_unsubscribed', 'added', 'invalid']);
    expect(preview.result).toMatchObject({ added: 1, updated: 1, reactivated: 1, skipped_unsubscribed: 1, invalid: ['not-an-address'] });
    expect(preview.active_after).toBe(3);
    expect(await snapshot(harness.db, list.listId)).toEqual(before);

    const big = ['email', ...Array.from({ length: 600 }, (_, i) => `big${i}@example.test`)].join('\n');
    const capped = await previewUpsert({ ctx, input: { list_id: list.listId, recipients: parseImportCsv(big).entries.map((e) => e.entry) } });
    expect(capped).toMatchObject({ active_before: 1, active_after: 601, active_limit: 500 });
  });

  it('leaves out rows it cannot read, with the line and the reason', () => {
    const parsed = parseImportCsv(
      ['email,status,attributes,external_id', 'a@example.test,active,"{""k"":1}",', 'b@example.test,,[1],', 'c@example.test,,{oops,', 'd@example.test,paused,,', `e@example.test,,,${'x'.repeat(256)}`].join('\r\n'),
    );
    expect(parsed.entries).toEqual([{ line: 2, entry: { email: 'a@example.test', attributes: { k: 1 } } }]);
    expect(parsed.skipped.map((s) => [s.line, s.reason.split(':')[0]])).toEqual([
      [3, 'attributes'],
      [4, 'attributes are not JSON'],
      [5, 'unknown status "paused"'],
      [6, 'external_id'],
    ]);
    expect(() => parseImportCsv('name\nAda')).toThrow(/"email"/);
  });
});
