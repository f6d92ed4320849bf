import { describe, expect, it } from 'vitest';
import { windowFromQuery } from '../presets';

const now = new Date('2026-11-27T12:00:00Z');

describe('windowFromQuery', () => {
  it('takes the days the query names', () => {
    expect(windowFromQuery({ since: '2026-11-01', until: '2026-11-25' }, now)).toEqual({ since: '2026-11-01', until: '2026-11-25' });
  });

  it('reads days in the wrong order as the window between them', () => {
    expect(windowFromQuery({ since: '2026-11-25', until: '2026-11-01' }, now)).toEqual({ since: '2026-11-01', until: '2026-11-25' });
  });

  it('falls back to the last 30 days for a missing or malformed day', () => {
    const last30 = { since: '2026-10-29', until: '2026-11-27' };
    expect(windowFromQuery({}, now)).toEqual(last30);
    expect(windowFromQuery({ since: '2026-13-01', until: '2026-11-25' }, now)).toEqual(last30);
    expect(windowFromQuery({ since: ['2026-11-01', '2026-11-02'], until: '2026-11-25' }, now)).toEqual(last30);
  });
});
