import fc from 'fast-check';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Schema = Record<string, any>;

/** Seeded and bounded for `npm test`; `npm run fuzz` (FUZZ_RUNS, FUZZ_SEED) runs longer or elsewhere. */
export const FUZZ = {
  runs: Number(process.env.FUZZ_RUNS || 30),
  seed: Number(process.env.FUZZ_SEED || 20261124),
};

/** A property's time budget: the default test timeout, or more when FUZZ_RUNS asks for a long run. */
export const fuzzTimeout = (perRunMs: number) => Math.max(60_000, FUZZ.runs * perRunMs);

export const fuzzParameters = { numRuns: FUZZ.runs, seed: FUZZ.seed, endOnFailure: true } as const;

const MB = 1024 * 1024;

/** Short strings that broke services before: NUL, lone surrogates, bad escapes, bidi and zero-width marks, formulas, markup. */
export const hostileShortString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '%', '%zz', '%E0%A4%A', '%00', '%ED%A0%80',
    '\u202eevil', '\ufeff', '\u200b', '=HYPERLINK("http://x")', '<script>alert(1)</script>', '../../etc/passwd',
    '', ' ', '\r\n', 'NaN', 'null', '__proto__', 'constructor', "'; drop table recipients; --", '\\', '"',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\ud800', '\udfff', '\u0000', 'a', 'é', '😀', '%', '/'), maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** 1 MB of text in one-, two- and four-byte characters. */
const HUGE = ['a'.repeat(MB), '\u00e9'.repeat(MB / 2), '\u{1F600}'.repeat(MB / 4)];

/**
 * Now and then one string of a value (one only, so a value stays near 1 MB whatever its shape) replaced
 * by 1 MB of text.
 */
export function withHugeString<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T> {
  const pick = fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(...HUGE)) });
  return fc.tuple(value, pick).map(([v, chosen]) => {
    if (!chosen) return v;
    const count = countStrings(v);
    return count ? (replaceString(v, chosen[0] % count, chosen[1]) as T) : v;
  });
}

function countStrings(value: unknown): number {
  if (typeof value === 'string') return 1;
  if (value && typeof value === 'object') return Object.values(value).reduce((n: number, item) => n + countStrings(item), 0);
  return 0;
}

function replaceString(value: unknown, index: number, replacement: string): unknown {
  let seen = -1;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return ++seen === index ? replacement : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    return v;
  };
  return walk(value);
}

const deepArray = (depth: number): unknown => (depth === 0 ? 'leaf' : [deepArray(depth - 1)]);
const deepObject = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: deepObject(depth - 1) });

/** Values of the wrong type for almost any field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.constantFrom(
  null, 0, -1, 0.5, -0, 1e308, Number.MAX_SAFE_INTEGER + 2, true, false, '', 'x', [], {}, [null], { '': null },
);

/** Whole documents a schema would never produce: wrong types, deep nesting, prototype keys, huge arrays. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  wrongValue,
  fc.constantFrom(deepArray(300), deepObject(300), deepArray(63), JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}')),
  fc.constant(Array.from({ length: 5000 }, (_, i) => `x${i}@example.test`)),
  fc.jsonValue({ maxDepth: 3 }),
);

export interface ArbitraryOptions {
  resolve?: (schema: Schema) => Schema;
  /** real values by property name (a list's id, addresses on it), mixed in so calls reach past lookups */
  known?: Record<string, unknown[]>;
  /** mix hostile strings and wrong types in at every level */
  hostile?: boolean;
}

/**
 * A fast-check arbitrary of a JSON schema (object, array, string with format and pattern, integer, number,
 * boolean, null, enum, const, anyOf/oneOf): mostly valid values, with hostile ones mixed in at every level.
 */
export function arbitraryOf(schema: Schema, options: ArbitraryOptions = {}, key?: string, depth = 0): fc.Arbitrary<unknown> {
  const s = options.resolve ? options.resolve(schema) : schema;
  const valid = validOf(s, options, key, depth);
  if (!options.hostile) return valid;
  const types = typesOf(s);
  const hostile = types.has('string') || s.enum ? fc.oneof(hostileShortString, wrongValue) : types.has('object') || types.has('array') ? fc.oneof(wrongValue, hostileJson) : wrongValue;
  const mixed = fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostile });
  return depth === 0 ? withHugeString(mixed) : mixed;
}

function validOf(s: Schema, options: ArbitraryOptions, key: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const plain = plainOf(s, options, key, depth);
  // an array's items share its name (`emails`): real values go where their type fits
  const known = key ? options.known?.[key]?.filter((value) => typesOf(s).has(typeof value) || s.enum?.includes(value)) : undefined;
  return known?.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: plain }) : plain;
}

function plainOf(s: Schema, options: ArbitraryOptions, key: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((option: Schema) => arbitraryOf(option, options, key, depth + 1)));
  const types = [...typesOf(s)];
  if (types.length > 1) return fc.oneof(...types.map((type) => plainOf({ ...s, type }, options, key, depth)));
  const edge = options.hostile;
  switch (types[0]) {
    case 'object': {
      const fields = Object.fromEntries(Object.entries<Schema>(s.properties ?? {}).map(([name, field]) => [name, arbitraryOf(field, options, name, depth + 1)]));
      const record = fc.record(fields, { requiredKeys: (s.required ?? []).filter((name: string) => name in fields) });
      const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : edge ? {} : null;
      if (!extra) return record;
      const keys = s.propertyNames ? (arbitraryOf({ type: 'string', ...s.propertyNames }, options, undefined, depth + 1) as fc.Arbitrary<string>) : fc.string({ maxLength: 70 });
      const more = fc.dictionary(keys.filter((k) => typeof k === 'string'), arbitraryOf(extra, options, undefined, depth + 1), { maxKeys: edge ? 24 : 4 });
      return fc.tuple(record, more).map(([fixed, added]) => ({ ...added, ...(fixed as object) }));
    }
    case 'array': {
      const item = arbitraryOf(s.items ?? {}, options, key, depth + 1);
      const min = s.minItems ?? 0;
      const arrays = fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 5, 5)) });
      if (!edge || s.maxItems === undefined) return arrays;
      // one past the limit, of small items (a 1 MB string a thousand times over says nothing more)
      const over = validOf(s.items ?? {}, {}, key, depth + 1).map((value) => Array.from({ length: s.maxItems + 1 }, () => value));
      return fc.oneof({ weight: 6, arbitrary: arrays }, { weight: 1, arbitrary: over });
    }
    case 'string':
      return stringOf(s, edge);
    case 'integer': {
      const min = s.minimum ?? -(2 ** 31);
      const max = s.maximum ?? 2 ** 31;
      const inRange = fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
      return edge ? fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 0, -1, 2 ** 53, 1.5) }) : inRange;
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: Schema, edge?: boolean): fc.Arbitrary<unknown> {
  const year = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
  let value: fc.Arbitrary<string>;
  if (s.format === 'uuid') value = fc.uuid();
  else if (s.format === 'date') value = year.map((d) => d.toISOString().slice(0, 10));
  else if (s.format === 'date-time') value = year.map((d) => d.toISOString());
  else if (s.format === 'email') value = fc.emailAddress();
  else if (s.format === 'uri' || s.format === 'url') value = fc.webUrl();
  else if (s.pattern) value = matching(s.pattern);
  else value = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 60, 60)) });
  if (!edge) return value;
  const lengths = [s.minLength, s.maxLength].filter((n): n is number => typeof n === 'number');
  // limits past a few thousand characters are reached by the 1 MB strings of withHugeString
  const boundaries = lengths.flatMap((n) => [n - 1, n, n + 1]).filter((n) => n >= 0 && n <= 5_000).map((n) => '\u00e9'.repeat(n));
  return boundaries.length ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constantFrom(...boundaries) }) : value;
}

function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 30 });
  }
}

function typesOf(s: Schema): Set<string> {
  const types = new Set<string>(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
  if (!types.size && s.properties) types.add('object');
  for (const option of s.anyOf ?? s.oneOf ?? []) for (const t of typesOf(option)) types.add(t);
  return types;
}

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate becomes U+FFFD's bytes, as a browser would send it). */
export function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

/** Path segments a client should never send: malformed escapes, encoded NUL and slashes, dot segments, long ones. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%zz', '%E0%A4%A', 'a%', '%00', '%ED%A0%80', 'a%2Fb', '%252F', '%2E%2E', 'x'.repeat(3000), '%C0%AF', '%FF'),
  hostileShortString.map(encodeSegment),
);

/** A body as bytes on the wire: odd encodings of a JSON value (BOM, UTF-16, invalid UTF-8) and texts that are not JSON. */
export function oddBodyOf(value: fc.Arbitrary<unknown>): fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; type: string | undefined }> {
  const json = 'application/json';
  return fc.oneof(
    value.map((v) => ({ body: `\ufeff${JSON.stringify(v)}`, type: json })),
    value.map((v) => ({ body: new Uint8Array(Buffer.from(JSON.stringify(v) ?? '', 'utf16le')), type: 'application/json; charset=utf-16' })),
    fc
      .tuple(value, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined))
      .map(([v, type]) => ({ body: JSON.stringify(v) ?? '', type })),
    fc.constantFrom(
      { body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d]), type: json },
      { body: '{"name":"a\\u0000b","emails":["\\udfff@x.test"],"recipients":["\\ud800"]}', type: json },
      { body: '{"name":"a","name":"b","emails":["a@b.co"],"emails":[]}', type: json },
      { body: '{"limit":1e400,"emails":[1e999],"commits":[{"sha":"abcdef1","authored_at":"2025-01-01T00:00:00Z","message":1e400}]}', type: json },
      { body: '{"a":1,}', type: json },
      { body: '[', type: json },
      { body: '', type: json },
      { body: 'null', type: json },
      { body: '"\\ud800"', type: json },
    ),
  );
}
