import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@/server/surfaces/rest/openapi';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Schema = Record<string, any>;

export interface Route {
  method: string;
  /** the document's path, e.g. `/email/lists/{list_id}` */
  path: string;
  secured: boolean;
  pathParams: string[];
  queryParams: string[];
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
      const params = (op.parameters ?? []) as { in: string; name: string }[];
      const body = op.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(op.security) ? op.security.length > 0 : Boolean(doc.security?.length),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: body ? resolve(body) : null,
        listScoped: path.includes('{list_id}'),
      });
    }
  }
  return { routes, resolve };
}

/** A minimal valid value of a JSON schema (the first choice of every union and enum). */
export function exampleOf(schema: Schema, resolve: (s: Schema) => Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (s.anyOf || s.oneOf) return exampleOf((s.anyOf ?? s.oneOf)[0], resolve, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    // the required fields; an object that requires none (batch remove) gets its first one
    const names = s.required?.length ? s.required : Object.keys(s.properties ?? {}).slice(0, 1);
    for (const name of names) out[name] = exampleOf(s.properties[name], resolve, depth + 1);
    return out;
  }
  if (type === 'array') return depth > 4 ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => exampleOf(s.items ?? {}, resolve, depth + 1));
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return true;
  if (s.format === 'email') return `contract-${Math.random().toString(36).slice(2, 8)}@example.test`;
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'uuid' || String(s.pattern ?? '').includes('[0-9a-fA-F]{8}')) return randomUUID();
  if (s.format === 'date' || String(s.pattern ?? '').startsWith('^\\d{4}-')) return '2025-03-01';
  if (s.pattern?.includes('0-9a-f')) return 'abcdef1';
  return s.minLength > 1 ? 'x'.repeat(s.minLength) : `Contract ${Math.random().toString(36).slice(2, 8)}`;
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

/** True for the error bodies of api-v1.md section 7. */
export function isSpecError(json: unknown): boolean {
  const detail = (json as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return true;
  return Array.isArray(detail) && detail.length > 0 && detail.every((d) => Array.isArray(d.loc) && typeof d.msg === 'string' && typeof d.type === 'string');
}
