import { describe, expect, it } from 'vitest';
import { acceptsGzip, matchesIfNoneMatch } from '../conditional';

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

describe('acceptsGzip (RFC 9110 12.5.3)', () => {
  it('takes gzip when it is preferred over identity, and honours q=0 however often the header is seen', () => {
    for (const header of ['gzip', 'gzip, deflate, br', '*', 'identity;q=0.5, gzip', ['br', 'gzip']]) expect(acceptsGzip(header), String(header)).toBe(true);
    // a header no browser would send (16 KB) is not negotiated: the plain body suits every client
    expect(acceptsGzip(`gzip, ${'x;q=0.1, '.repeat(2000)}`)).toBe(false);
    for (let i = 0; i < 2; i++) {
      for (const header of [undefined, '', 'br', 'gzip;q=0, identity', 'identity, gzip;q=0.5', 'x'.repeat(1000)]) expect(acceptsGzip(header), String(header)).toBe(false);
    }
  });
});
