import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { planImport } from '@/server/recipient-imports/plan';
import { parseImportCsv } from '@/server/recipients/csv-import';

/** Other work waiting for the event loop: how many turns it gets while `work` runs. */
async function turnsWhile<T>(work: Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const other = () => {
    turns++;
    if (running) setImmediate(other);
  };
  setImmediate(other);
  try {
    return { result: await work, turns };
  } finally {
    running = false;
  }
}

describe('parseImportCsv', () => {
  it('reads a file whose line ends are mixed (CRLF, LF, CR) as the rows it shows', async () => {
    for (const text of ['email,name\r\nm1@example.test,A\nm2@example.test,B\r\n', 'email,name\nm1@example.test,A\r\nm2@example.test,B\rm3@example.test,"C\nD"\n']) {
      const parsed = await parseImportCsv(text);
      expect(parsed.rows.map((row) => row.entry)).toEqual(
        [{ email: 'm1@example.test', name: 'A' }, { email: 'm2@example.test', name: 'B' }, { email: 'm3@example.test', name: 'C\nD' }].slice(0, text.includes('m3') ? 3 : 2),
      );
    }
  });

  it('reads the columns by name in any order, keeps each row status, and leaves out what it cannot read with the row and the reason', async () => {
    const parsed = await parseImportCsv(
      [
        '\uFEFFStatus,EMAIL,attributes,external_id,extra',
        'active,a@example.test,"{""k"":1}",,x',
        ',b@example.test,[1],,',
        'removed,c@example.test,{oops,,',
        'paused,d@example.test,,,',
        `,e@example.test,,${'x'.repeat(256)},`,
        'UNSUBSCRIBED,f@example.test,,crm-f,',
        ",'=g@example.test,,'+1,",
      ].join('\r\n'),
    );
    expect(parsed.rows).toEqual([
      { line: 2, status: 'active', entry: { email: 'a@example.test', attributes: { k: 1 } } },
      { line: 7, status: 'unsubscribed', entry: { email: 'f@example.test', external_id: 'crm-f' } },
      // the export's formula guard comes off: the value is as it was stored
      { line: 8, status: 'active', entry: { email: '=g@example.test', external_id: '+1' } },
    ]);
    expect(parsed.skipped.map((s) => [s.line, s.reason.split(':')[0]])).toEqual([
      [3, 'attributes'],
      [4, 'attributes are not JSON'],
      [5, 'unknown status "paused"'],
      [6, 'external_id'],
    ]);
  });

  it('refuses a file it cannot take as a whole with a 422 at body.csv', async () => {
    for (const [csv, message] of [
      ['name\nAda', /"email"/],
      ['email\n"open', /not valid CSV/],
      ['email\n', /no rows/],
      [`email\n${'a@example.test\n'.repeat(10_001)}`, /at most 10000 rows; this one has more/],
      // a row past the cap ends the parse: a 2 MB file of a million tiny rows is not read to the end
      [`email\n${'a\n'.repeat(1_000_000)}`, /at most 10000 rows; this one has more/],
      // nor a header of a million columns, nor one huge cell: one row is at most 64 KB
      [`email${',c'.repeat(1_000_000)}\na@example.test`, /row of the file is longer than 64 KB \(at line 1\)/],
      [`email,name\na@example.test,"${'x'.repeat(100_000)}"`, /row of the file is longer than 64 KB \(at line 2\)/],
      [`email\n${'x'.repeat(2 * 1024 * 1024)}`, /larger than 2 MB/],
      // the dashboard's tRPC body is not screened like REST's: the parser refuses what PostgreSQL cannot store
      ['email,name\na@example.test,A\u0000da', /NUL characters or broken UTF-16/],
      ['email,name\na@example.test,\ud800', /NUL characters or broken UTF-16/],
    ] as const) {
      const error = await parseImportCsv(csv).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'VALIDATION', loc: ['body', 'csv'], message: expect.stringMatching(message) });
    }
  });

  it('reads a 2 MB file in slices: characters across a slice boundary stay whole, and the event loop keeps turning', async () => {
    // rows of 200 bytes with a 3-byte character; 64 KB slices cut some of them in the middle
    const names = Array.from({ length: 10_000 }, (_, i) => `${'€'.repeat(60)}${i}`);
    const csv = ['email,name', ...names.map((name, i) => `r${i}@example.test,${name}`)].join('\n');
    const { result: parsed, turns } = await turnsWhile(parseImportCsv(csv));
    expect(parsed.skipped).toEqual([]);
    expect(parsed.rows.map((row) => row.entry.name)).toEqual(names);
    // one turn per 64 KB slice (31) and per 500 rows checked (20); read at once, it was 1 turn
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it('plans a 10,000-row file against the list with turns for other work while its report is built', async () => {
    const parsed = await parseImportCsv(['email,name', ...Array.from({ length: 10_000 }, (_, i) => `r${i}@example.test,New ${i}`)].join('\n'));
    // half the file names recipients already on the list, under another name
    const stored = parsed.rows.slice(0, 5_000).map((row, i) => ({ id: `id-${i}`, email: row.entry.email, name: 'Old', externalId: null, attributes: {}, status: 'active' as const }));
    const { result: plan, turns } = await turnsWhile(planImport(stored, parsed, 5_000));
    expect(plan.summary).toMatchObject({ create: 5_000, update: 5_000 });
    expect(plan.report[0]).toMatchObject({ line: 2, action: 'update', changes: [{ field: 'name', before: 'Old', after: 'New 0' }] });
    // one turn per 1,000 rows reported, and one after the upsert's plan and the report
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
