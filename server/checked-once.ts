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
    if (output === undefined) outputs.set(value, (output = deepFrozen(schema.parse(value, params))));
    return output;
  };
  return copy;
}

function deepFrozen<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}
