import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { apiClient, randomClientIp, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { documentedRoutes, isSpecError, type Route } from '../contract/routes';
import { createWorld, projectDigest, type World } from '../contract/world';
import { arbitraryOf, encodeSegment, fuzzParameters, fuzzTimeout, hostileJson, hostileSegment, hostileShortString, oddBodyOf } from './arbitraries';

// Property: whatever a client sends to any documented route, the answer is never a 5xx, every error is
// in the spec's format, and a refused request (like any read) writes nothing to the project.
const { routes, resolve } = documentedRoutes();
let database: DatabaseHandle;
let server: TestServer;
let world: World;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startRestServer();
  world = await createWorld(database.db);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const ADDRESSES = ['active@example.test', 'removed@example.test', 'unsubscribed@example.test'];

/** Real values by property name, so generated requests reach past the lookups into the writes. */
const known = () => ({ list_id: [world.mine.listId, world.theirs.listId], emails: ADDRESSES, email: ADDRESSES, recipients: ADDRESSES });

/** A path parameter: mostly a real one, else one from its schema, else a segment no client should send. */
function segmentOf(route: Route, name: string, schema: object): fc.Arbitrary<string> {
  const real = name === 'list_id' ? [world.mine.listId] : name === 'public_slug' ? [world.mine.slugs[route.path.split('/')[1]!] ?? 'none'] : name === 'identifier' ? ADDRESSES.map(encodeURIComponent) : name === 'import_id' ? [world.mine.imports.ready, world.mine.imports.done] : [];
  const fromSchema = arbitraryOf(schema, { resolve }).map((value) => encodeSegment(textOf(value)));
  return fc.oneof({ weight: 4, arbitrary: real.length ? fc.constantFrom(...real) : fromSchema }, { weight: 2, arbitrary: fromSchema }, { weight: 1, arbitrary: hostileSegment });
}

/** A query string of the route's parameters (values from their schemas or hostile), unknown names and raw escapes. */
function queryOf(route: Route): fc.Arbitrary<string> {
  const names = [...route.queryParams.map((p) => p.name), 'unknown'];
  const valueOf = (name: string) => {
    const schema = route.queryParams.find((p) => p.name === name)?.schema ?? {};
    return fc.oneof(
      { weight: 3, arbitrary: arbitraryOf(schema, { resolve }).map((v) => encodeSegment(textOf(v))) },
      { weight: 1, arbitrary: hostileShortString.map(encodeSegment) },
      { weight: 1, arbitrary: fc.constantFrom('%zz', '%00', '%ED%A0%80', '-1', '0', '1e309', '', '%E0%A4%A') },
    );
  };
  const pair = fc.constantFrom(...names).chain((name) => valueOf(name).map((value) => `${encodeSegment(name)}=${value}`));
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&'));
}

/** What the request sends as body: JSON of the schema (valid, or with hostile values mixed in), a hostile document, or odd bytes. */
function bodyOf(route: Route): fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; type: string | undefined } | undefined> {
  if (route.method === 'GET') return fc.constant(undefined);
  if (!route.body) return fc.oneof(fc.constant(undefined), hostileJson.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })));
  const valid = arbitraryOf(route.body, { resolve, known: known() });
  const value = arbitraryOf(route.body, { resolve, known: known(), hostile: true });
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })) },
    { weight: 4, arbitrary: value.map((v) => ({ body: belowCap(JSON.stringify(v)), type: 'application/json' })) },
    { weight: 1, arbitrary: hostileJson.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })) },
    { weight: 1, arbitrary: oddBodyOf(value) },
  );
}

/** The caller: mostly the project's own token, sometimes none, another project's, or garbage. */
const tokenOf = () =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(world.mine.token) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, world.theirs.token, 'service_key_\u00e9', 'Bearer', 'service_key_x'.repeat(500)) },
  );

/** What a refused request must leave as it was: every row of the project; for a write route also the list as the API shows it. */
async function state(route: Route) {
  const rows = await projectDigest(database.db, world.mine.project.id);
  if (route.method === 'GET') return { rows };
  const list = await apiClient(server.url, { token: world.mine.token })('GET', `/api/v1/email/lists/${world.mine.listId}`);
  return { rows, list: list.json };
}

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
  it(
    'never answers 5xx, answers errors in the spec format, and writes nothing when it refuses',
    async () => {
      const segments = fc.record(Object.fromEntries(route.pathParams.map((p) => [p.name, segmentOf(route, p.name, p.schema)])));
      const method = fc.oneof({ weight: 7, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constant(route.method === 'GET' ? 'HEAD' : 'PATCH') });
      // the state after one run is the state before the next, unless that run wrote
      let last: Awaited<ReturnType<typeof state>> | undefined;
      await fc.assert(
        fc.asyncProperty(method, segments, queryOf(route), bodyOf(route), tokenOf(), async (verb, values, query, payload, token) => {
          const path = `/api/v1${route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (values as Record<string, string>)[name]!)}${query ? `?${query}` : ''}`;
          const before = last ?? (await state(route));
          last = undefined;
          const res = await fetch(server.url + path, {
            method: verb,
            headers: {
              'x-forwarded-for': randomClientIp(),
              ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
              ...(payload?.type ? { 'content-type': payload.type } : {}),
            },
            body: payload?.body,
          });
          const text = await res.text();
          const sent = `${verb} ${path.slice(0, 300)} ${typeof payload?.body === 'string' ? payload.body.slice(0, 300) : payload?.body ? `<${payload.body.length} bytes>` : ''}`;
          expect(res.status, `${sent} -> ${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400 && verb !== 'HEAD') expect(isSpecError(parse(text)), `${sent} -> ${res.status} ${text.slice(0, 300)}`).toBe(true);
          if (res.status >= 400 || verb === 'GET' || verb === 'HEAD') {
            const after = await state(route);
            expect(after, `${sent} -> ${res.status} ${text.slice(0, 300)}`).toEqual(before);
            last = after;
          }
        }),
        fuzzParameters,
      );
    },
    fuzzTimeout(400),
  );
});

/** A generated value as it would sit in a URL: strings as they are, anything else as JSON (some objects have no prototype). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : String(JSON.stringify(value)));

/** Under the 5 MB cap (the contract covers 413): several 1 MB strings in one body are cut, which breaks the JSON. */
function belowCap(text: string): string {
  while (Buffer.byteLength(text) > 4 * 1024 * 1024) text = text.slice(0, Math.floor(text.length * 0.7));
  return text;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
