import { expect, it } from 'vitest';
import { boundedMemo } from '../bounded-memo';

it('computes a key once, never keeps a long key or a failure, and starts over when full', () => {
  const computed: string[] = [];
  const memo = boundedMemo((key) => {
    computed.push(key);
    if (key === 'bad') throw new Error('refused');
    return key.toUpperCase();
  }, { maxEntries: 2, maxKeyLength: 5 });

  expect(memo('a')).toBe('A');
  expect(memo('a')).toBe('A');
  expect(memo('long-key')).toBe('LONG-KEY');
  expect(memo('long-key')).toBe('LONG-KEY');
  expect(() => memo('bad')).toThrow('refused');
  expect(() => memo('bad')).toThrow('refused');
  expect(computed).toEqual(['a', 'long-key', 'long-key', 'bad', 'bad']);

  memo('b'); // the table now holds a and b: full
  memo('c'); // starts over with c alone
  memo('c');
  memo('a');
  expect(computed.slice(5)).toEqual(['b', 'c', 'a']);
});
