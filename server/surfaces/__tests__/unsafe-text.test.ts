import { expect, it } from 'vitest';
import { findUnsafeText, MAX_JSON_DEPTH } from '../body';

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

it('finds nothing in safe JSON', () => {
  expect(findUnsafeText({ recipients: [{ email: 'a@example.com', attributes: { seats: 3, pro: true, note: null } }], n: 1 })).toBeNull();
  expect(findUnsafeText('plain')).toBeNull();
  expect(findUnsafeText(42)).toBeNull();
});

it('names the first unsafe value by its path, past safe siblings before it', () => {
  const body = { recipients: [{ email: 'a@example.com', name: 'A' }, 'b@example.com', { email: 'c@example.com', name: 'C\u0000' }], tail: '\ud800' };
  expect(findUnsafeText(body)).toEqual(['recipients', 2, 'name']);
  expect(findUnsafeText({ ok: ['x', 'y'], bad: ['x', '\ud800'] })).toEqual(['bad', 1]);
  expect(findUnsafeText('\u0000')).toEqual([]);
});

it('names unsafe keys and __proto__ keys', () => {
  expect(findUnsafeText({ a: { 'b\u0000': 1 } })).toEqual(['a', 'b\u0000']);
  expect(findUnsafeText(JSON.parse('{"list":{"__proto__":{"x":1}}}'))).toEqual(['list', '__proto__']);
});

it('stops at the nesting limit', () => {
  expect(findUnsafeText(nested(MAX_JSON_DEPTH - 1))).toBeNull();
  expect(findUnsafeText(nested(MAX_JSON_DEPTH + 5))).toEqual(Array(MAX_JSON_DEPTH).fill('a'));
});
