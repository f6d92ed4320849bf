import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell } from '../csv-cells';

const FORMULA_START = /^[=+\-@\t\r]/;
// strings made of the characters the rule is about, so quotes before formula characters come up often
const cellText = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '"', ','), maxLength: 8 }));

describe('CSV cell escaping (docs/security.md, "CSV export and import")', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', `'=HYPERLINK("https://evil.example","Click")`],
    ['+1-555-0100', "'+1-555-0100"],
    ['-42', "'-42"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ["'=already quoted", "''=already quoted"],
    ["''=twice", "'''=twice"],
    ["'plain quote", "'plain quote"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('exports %j as %j', (stored, exported) => {
    expect(neutralizeCell(stored)).toBe(exported);
    expect(restoreCell(exported)).toBe(stored);
  });

  it('never exports a cell a spreadsheet would evaluate, and the import gives back every value', () => {
    fc.assert(
      fc.property(cellText, (value) => {
        const exported = neutralizeCell(value);
        expect(exported).not.toMatch(FORMULA_START);
        expect(restoreCell(exported)).toBe(value);
      }),
      { numRuns: 2_000 },
    );
  });
});
