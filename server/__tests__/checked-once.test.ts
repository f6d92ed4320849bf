import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkedOnce, jsonOf } from '../checked-once';

function counted() {
  const seen = { checks: 0 };
  const schema = z.object({ items: z.array(z.object({ email: z.string() })) }).refine(() => ++seen.checks > 0);
  return { seen, schema };
}

it('checks a vouched result once and hands out its first output, frozen', () => {
  const { seen, schema } = counted();
  const vouched = new WeakSet<object>();
  const once = checkedOnce(schema, (value) => vouched.has(value));
  const page = Object.freeze({ items: Object.freeze([Object.freeze({ email: 'a@example.test' })]) });
  vouched.add(page);

  const first = once.parse(page);
  const again = once.parse(page);
  expect(seen.checks).toBe(1);
  expect(again).toBe(first);
  expect(first).toEqual({ items: [{ email: 'a@example.test' }] });
  expect(Object.isFrozen(first.items[0])).toBe(true);
});

it('checks every other result each time, and still refuses a bad one', () => {
  const { seen, schema } = counted();
  const once = checkedOnce(schema, () => false);
  const page = { items: [{ email: 'a@example.test' }] };
  once.parse(page);
  once.parse(page);
  expect(seen.checks).toBe(2);
  expect(() => once.parse({ items: [{ email: 1 }] })).toThrow();
  const vouchedButBad = checkedOnce(schema, () => true);
  expect(() => vouchedButBad.parse({ items: [{ email: 1 }] })).toThrow();
});

it('keeps the schema as the OpenAPI document reads it', () => {
  const schema = z.object({ email: z.string() }).meta({ description: 'A recipient' });
  const once = checkedOnce(schema, () => true);
  expect(z.toJSONSchema(once)).toEqual(z.toJSONSchema(schema));
});

it('serializes an output checked once a single time, and anything else every time', () => {
  const { schema } = counted();
  const once = checkedOnce(schema, () => true);
  const output = once.parse(Object.freeze({ items: [] }));
  const other = once.parse(Object.freeze({ items: [{ email: 'b@example.test' }] }));
  const plain = { items: [{ email: 'a@example.test' }] };
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    expect(jsonOf(output)).toBe('{"items":[]}');
    expect(jsonOf(output)).toBe('{"items":[]}');
    expect(jsonOf(other)).toBe('{"items":[{"email":"b@example.test"}]}');
    expect(jsonOf(other)).toBe('{"items":[{"email":"b@example.test"}]}');
    expect(stringify).toHaveBeenCalledTimes(2);
    expect(jsonOf(plain)).toBe('{"items":[{"email":"a@example.test"}]}');
    expect(jsonOf(plain)).toBe(jsonOf(plain));
    expect(stringify).toHaveBeenCalledTimes(5);
  } finally {
    stringify.mockRestore();
  }
});
