import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { parseImportCsv } from '@/server/recipients/csv-import';

describe('parseImportCsv', () => {
  it('reads the columns by name in any order, keeps each row status, and leaves out what it cannot read with the row and the reason', () => {
    const parsed = parseImportCsv(
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

  it('refuses a file it cannot take as a whole with a 422 at body.csv', () => {
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
      const error = (() => {
        try {
          parseImportCsv(csv);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'VALIDATION', loc: ['body', 'csv'], message: expect.stringMatching(message) });
    }
  });
});
