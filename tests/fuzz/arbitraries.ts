import fc from 'fast-check';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Schema = Record<string, any>;

/** Bounded and seeded for `npm test`; `npm run fuzz` (FUZZ_RUNS, FUZZ_SEED) goes longer or elsewhere. */
export const FUZZ = { runs: Number(process.env.FUZZ_RUNS ?? 12), seed: Number(process.env.FUZZ_SEED ?? 20261124) };

/** Strings that broke services before: NUL, lone surrogates, huge, odd encodings, formula cells, markup. */
export const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '%', '%zz', '%E0%A4%A', '\u202e', '=HYPERLINK("x")', '<script>alert(1)</script>', '../../etc/passwd', ' '),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('a'.repeat(1024 * 1024)),
);

const deep = (depth: number): unknown => (depth === 0 ? 'leaf' : [deep(depth - 1)]);

/** Whole bodies a schema would never produce: wrong types, deep nesting, huge arrays. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 0, -1, 1e308, true, 'text', [], {}, deep(200), { recipients: Array.from({ length: 1001 }, () => 'a@b.co') }),
  fc.string({ maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values of a JSON schema, with hostile strings and wrong types mixed in at every level. */
export function valueOf(schema: Schema, resolve: (s: Schema) => Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const wrong = fc.constantFrom(null, 1, 'x', [], {});
  if (depth > 4) return wrong;
  if (s.enum) return fc.oneof(fc.constantFrom(...s.enum), hostileString);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf).map((option: Schema) => valueOf(option, resolve, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const fields = Object.fromEntries(Object.entries<Schema>(s.properties ?? {}).map(([name, field]) => [name, valueOf(field, resolve, depth + 1)]));
    return fc.oneof({ weight: 4, arbitrary: fc.record(fields, { requiredKeys: s.required ?? [] }) }, { weight: 1, arbitrary: wrong });
  }
  if (type === 'array') return fc.oneof({ weight: 4, arbitrary: fc.array(valueOf(s.items ?? {}, resolve, depth + 1), { maxLength: 4 }) }, { weight: 1, arbitrary: wrong });
  if (type === 'integer' || type === 'number') return fc.oneof(fc.integer(), fc.double(), wrong);
  if (type === 'boolean') return fc.oneof(fc.boolean(), wrong);
  const plain = s.format === 'email' ? fc.emailAddress() : fc.string({ maxLength: 30 });
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: wrong });
}
