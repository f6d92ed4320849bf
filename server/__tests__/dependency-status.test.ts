import { afterEach, describe, expect, it, vi } from 'vitest';
import { failingDependencies, FAILURE_LOG_INTERVAL_MS, reportFailure, reportSuccess } from '../dependency-status';

afterEach(() => vi.restoreAllMocks());

describe('a dependency the service runs without', () => {
  it('is logged once a minute while it fails (with the count), listed while failing, and once when back', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    let now = 1_000_000;
    for (let i = 0; i < 500; i++) reportFailure('thing', new Error('refused'), (now += 100)); // 50 s of failures
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[shipnote\] thing unavailable; carrying on without it: Error: refused/);
    expect(failingDependencies()).toContain('thing');
    reportFailure('thing', new Error('still refused'), (now += FAILURE_LOG_INTERVAL_MS));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/thing unavailable \(500 failures since the last report\)/);
    reportSuccess('thing', now + 1000);
    expect(lines[2]).toMatch(/thing available again after 111 s/);
    expect(failingDependencies()).not.toContain('thing');
    reportSuccess('thing');
    expect(lines).toHaveLength(3);
  });

  it('that flaps is still logged once a minute: each outage and recovery within the minute is only counted', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    let now = 5_000_000;
    for (let flap = 0; flap < 8; flap++) {
      reportFailure('flapper', new Error('refused'), (now += 1000));
      expect(failingDependencies()).toContain('flapper');
      reportSuccess('flapper', (now += 6000));
      expect(failingDependencies()).not.toContain('flapper');
    }
    expect(lines).toHaveLength(2); // 56 s: the first outage and its recovery
    reportFailure('flapper', new Error('refused again'), (now += FAILURE_LOG_INTERVAL_MS));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/flapper unavailable \(8 failures since the last report\)/);
    // an outage that was logged has its end logged too: the log never ends on a failure that is over
    reportSuccess('flapper', (now += 1000));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/flapper available again after 1 s/);
  });
});
