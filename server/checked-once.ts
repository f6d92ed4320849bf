import type { z } from 'zod';

/**
 * `schema` as a procedure's output check that checks an unchanging result once: a result `unchanging`
 * vouches for (a cached page, frozen, handed to every request that reads it) passes with the output its
 * first check produced, frozen in turn. Any other result is checked as `schema` checks it.
 */
export function checkedOnce<T extends z.ZodType>(schema: T, unchanging: (value: object) => boolean): T {
  const outputs = new WeakMap<object, z.output<T>>();
  const copy = schema.clone() as T;
  copy.parse = (value, params) => {
    if (typeof value !== 'object' || value === null || !unchanging(value)) return schema.parse(value, params);
    let output = outputs.get(value);
    if (output === undefined) {
      outputs.set(value, (output = deepFrozen(schema.parse(value, params))));
      serialized.set(output as object, {});
    }
    return output;
  };
  return copy;
}

/** The outputs checked once, each with its JSON from the first time a surface asked for it. */
const serialized = new WeakMap<object, { json?: string }>();

/** Whether `value` is an output checked once: deep-frozen, so what a surface derives from it can be kept beside it. */
export function isCheckedOnce(value: unknown): value is object {
  return typeof value === 'object' && value !== null && serialized.has(value);
}

/**
 * A procedure's result as JSON: an output checked once cannot change, so it is serialized once too (a
 * page of 100 recipients is 27 KB, about 100 us of `JSON.stringify` a request).
 */
export function jsonOf(value: unknown): string {
  const slot = typeof value === 'object' && value !== null ? serialized.get(value) : undefined;
  if (!slot) return JSON.stringify(value);
  return (slot.json ??= JSON.stringify(value));
}

/** `value` frozen through every level: a kept value nobody can change in place. */
export function deepFrozen<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}
