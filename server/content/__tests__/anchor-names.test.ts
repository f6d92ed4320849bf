import { describe, expect, it } from 'vitest';
import { AnchorNames } from '../internal';

describe('AnchorNames', () => {
  it('numbers repeated texts and steps over a suffix a text already took', () => {
    const anchors = new AnchorNames();
    expect(['Added: Dark mode', 'Added: Dark mode', 'added dark mode 2', 'Added: Dark mode'].map((t) => anchors.name(t, 80))).toEqual([
      'added-dark-mode',
      'added-dark-mode-2',
      'added-dark-mode-2-2',
      'added-dark-mode-3',
    ]);
  });

  // walking the suffixes from 2 for every repeat made this 5 billion lookups: minutes of a frozen server
  it('names 100,000 identical entries in one pass', () => {
    const anchors = new AnchorNames();
    let last = '';
    for (let i = 0; i < 100_000; i++) last = anchors.name('Fixed - Bump deps', 80);
    expect(last).toBe('fixed-bump-deps-100000');
  });
});
