import { describe, expect, it } from 'vitest';
import { ZDay, ZDayOf, ZInstant } from '../dates';

const ok = (schema: typeof ZInstant | typeof ZDay | typeof ZDayOf, value: string) => schema.safeParse(value).success;

describe('dates the database stores and reads back as sent', () => {
  it('takes instants from year 1000 to 9999 in UTC, whatever the offset says', () => {
    expect(ok(ZInstant, '1000-01-01T00:00:00Z')).toBe(true);
    expect(ok(ZInstant, '9999-12-31T23:59:59.999Z')).toBe(true);
    expect(ok(ZInstant, '1000-01-01T00:30:00+01:00')).toBe(false); // 999 in UTC
    expect(ok(ZInstant, '9999-12-31T23:00:00-05:00')).toBe(false); // 10000 in UTC
    expect(ok(ZInstant, '0050-06-15T12:00:00Z')).toBe(false); // read back as 1950
  });

  it('reports one issue for text that is no date, not a range issue beside it', () => {
    const result = ZInstant.safeParse('yesterday');
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
  });

  it('judges a period bound by the date it keeps, so an offset never refuses a valid day', () => {
    expect(ok(ZDayOf, '9999-12-31T23:00:00-05:00')).toBe(true);
    expect(ok(ZDayOf, '1000-01-01T00:30:00+01:00')).toBe(true);
    expect(ok(ZDayOf, '0999-12-31')).toBe(false);
    expect(ZDayOf.safeParse('0999-12-31').error!.issues[0]!.message).toBe('Must be between the years 1000 and 9999 (UTC)');
    expect(ok(ZDay, '9999-12-31')).toBe(true);
    // text that is no date says what is expected, once
    expect(ZDayOf.safeParse('yesterday').error!.issues.map((issue) => issue.message)).toEqual(['Must be a date as YYYY-MM-DD or an ISO 8601 date-time']);
  });
});
