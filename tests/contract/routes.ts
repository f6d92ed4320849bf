import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { buildOpenApiDocument } from '@/server/surfaces/rest/openapi';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Schema = Record<string, any>;

export interface Route {
  method: string;
  /** the document's path, e.g. `/email/lists/{list_id}` */
  path: string;
  operationId: string;
  /** the operation (or the document) requires a security scheme: no token is a 401 */
  secured: boolean;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema }[];
  body: Schema | null;
  /** `GET /email/lists/{list_id}` and the like: a route that reads or writes one list */
  listScoped: boolean;
}

/** Every operation of the OpenAPI document: a route added to the API is covered without a new test. */
export function documentedRoutes(): { routes: Route[]; resolve: (schema: Schema) => Schema } {
  const doc = buildOpenApiDocument() as any;
  const resolve = (schema: Schema): Schema => (schema?.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()]) : schema);
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(operations)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema?: Schema }[];
      const body = op.requestBody?.content?.['application/json']?.schema;
      const of = (where: string) => params.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: resolve(p.schema ?? {}) }));
      routes.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId ?? `${method} ${path}`,
        secured: Array.isArray(op.security) ? op.security.length > 0 : Boolean(doc.security?.length),
        pathParams: of('path'),
        queryParams: of('query'),
        body: body ? resolve(body) : null,
        listScoped: path.includes('{list_id}'),
      });
    }
  }
  return { routes, resolve };
}

/**
 * Minimal valid bodies where the document's schema is looser than the rule behind it (an `emails` array
 * of plain strings): keyed by operationId, used instead of the schema's own example.
 */
const EXAMPLES: Record<string, (known: Record<string, unknown>) => unknown> = {
  'recipients-add': () => ({ emails: [uniqueAddress()] }),
  'recipients-upsert': () => ({ recipients: [uniqueAddress()] }),
  'recipientImports-create': () => ({ csv: `email\n${uniqueAddress()}` }),
  'recipients-removeBatch': () => ({ emails: ['nobody@example.test'] }),
  'suppressions-add': () => ({ email: uniqueAddress() }),
  // the world's suppressed address; removing it again is idempotent
  'suppressions-remove': () => ({ email: 'suppressed@example.test', reason: 'Contract' }),
  // the world's project, whose subscribe form is on
  'subscriptions-subscribe': (known) => ({ project: known.project, email: uniqueAddress() }),
};

export const uniqueAddress = () => `contract-${randomUUID().slice(0, 8)}@example.test`;

/** A route's minimal valid body: its table entry, else one derived from the schema; `known` names the world's values. */
export function bodyOf(route: Route, resolve: (s: Schema) => Schema, known: Record<string, unknown> = {}): unknown {
  return EXAMPLES[route.operationId]?.(known) ?? exampleOf(route.body!, resolve, known);
}

/** A minimal valid value of a JSON schema: required fields only, the first choice of every union and enum. */
export function exampleOf(schema: Schema, resolve: (s: Schema) => Schema = (s) => s, known: Record<string, unknown> = {}, depth = 0): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf || s.oneOf) return exampleOf((s.anyOf ?? s.oneOf)[0], resolve, known, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    // the required fields; an object that requires none (batch remove) gets its first one
    const names: string[] = s.required?.length ? s.required : Object.keys(s.properties ?? {}).slice(0, 1);
    for (const name of names) out[name] = name in known ? known[name] : exampleOf(s.properties[name], resolve, known, depth + 1);
    return out;
  }
  if (type === 'array') return depth > 4 ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => exampleOf(s.items ?? {}, resolve, known, depth + 1));
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (s.format === 'email') return uniqueAddress();
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'date') return '2025-03-01';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.test/contract';
  if (s.pattern) return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { numRuns: 1, seed: 1 })[0];
  const text = `Contract ${randomUUID().slice(0, 8)}`;
  return text.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? text.length);
}

/** A value of a type the schema does not allow: a number for a string, a string for anything else. */
export function wrongValueOf(schema: Schema): unknown {
  const types = new Set<string>();
  const collect = (s: Schema) => {
    for (const option of s.anyOf ?? s.oneOf ?? []) collect(option);
    for (const t of Array.isArray(s.type) ? s.type : s.type ? [s.type] : []) types.add(t);
    if (s.enum) types.add('enum');
  };
  collect(schema);
  if (types.has('enum') || types.has('string')) return types.has('number') || types.has('integer') ? { not: 'this' } : 12345;
  return types.has('object') ? 'not an object' : { not: 'this' };
}

/** The path to the first string inside a value, to put hostile text there. */
export function firstStringPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstStringPath(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = firstStringPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

/** The route's URL below the host, each path parameter filled from `values` (already URL-encoded). */
export function urlOf(route: Route, values: Record<string, string>): string {
  return `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? encodeURIComponent(randomUUID()))}`;
}

/** True for the error bodies of api-v1.md section 7: `{"detail": string}` or `{"detail": [{loc, msg, type}]}`. */
export function isSpecError(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const detail = (json as { detail?: unknown }).detail;
  if (typeof detail === 'string') return true;
  return (
    Array.isArray(detail) &&
    detail.length > 0 &&
    detail.every((d) => d && Array.isArray(d.loc) && d.loc.every((part: unknown) => typeof part === 'string' || typeof part === 'number') && typeof d.msg === 'string' && typeof d.type === 'string')
  );
}

/** `{"detail": string}`: the body of a 401, 404, 409, 413 or 429. */
export function isDetailMessage(json: unknown): boolean {
  return Boolean(json) && typeof (json as { detail?: unknown }).detail === 'string';
}
