import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../conditional';

describe('matchesIfNoneMatch (RFC 9110 13.1.2, weak comparison)', () => {
  const etag = '"abc"';

  it('matches the tag sent back as it was sent, a weak copy of it, one of a list, and *', () => {
    for (const header of ['"abc"', 'W/"abc"', '"other", W/"abc"', ' "abc" ', '*', ' * ']) expect(matchesIfNoneMatch(header, etag), header).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
  });

  it('matches nothing else: another tag, a prefix of ours, no header, or an answer without a tag', () => {
    for (const header of ['"abcd"', '"ab"', 'abc', '"other"', '']) expect(matchesIfNoneMatch(header, etag), header).toBe(false);
    expect(matchesIfNoneMatch(null, etag)).toBe(false);
    expect(matchesIfNoneMatch('*', null)).toBe(false);
  });
});
