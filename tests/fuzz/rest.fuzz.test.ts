import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createList } from '@/server/mailing-lists/create';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { documentedRoutes, isSpecError, type Route } from '../contract/routes';
import { FUZZ, hostileJson, valueOf } from './arbitraries';

// Property: whatever a client sends to any documented route, the answer is never a 5xx, every error
// is in the spec's format, and a refused write changes nothing.
const { routes, resolve } = documentedRoutes();
let database: DatabaseHandle;
let server: TestServer;
let token: string;
let listId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startRestServer();
  const owner = await createTestProject(database.db);
  token = owner.token;
  listId = (await createList({ ctx: { db: database.db, projectId: owner.project.id }, input: { name: 'Fuzz' } })).id;
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const pathOf = (route: Route, segment: string) =>
  `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'list_id' ? listId : encodeURIComponent(segment) || 'x'))}`;

/** The list's counts: what a refused write must leave as it was. */
async function snapshot() {
  const res = await apiClient(server.url, { token })('GET', `/api/v1/email/lists/${listId}`);
  return res.json;
}

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
  it('never answers 5xx, answers errors in the spec format, and writes nothing when it refuses', async () => {
    const body = route.body ? fc.oneof(valueOf(route.body, resolve), hostileJson) : fc.constant(undefined);
    const query = fc.dictionary(fc.constantFrom(...(route.queryParams.length ? route.queryParams : ['x'])), fc.oneof(fc.string(), fc.constantFrom('a\u0000b', '%', '-1', '1e309', '')), { maxKeys: 2 });
    await fc.assert(
      fc.asyncProperty(body, query, fc.string({ maxLength: 40 }), fc.boolean(), async (payload, params, segment, raw) => {
        const before = route.method === 'GET' ? null : await snapshot();
        const search = new URLSearchParams(params as Record<string, string>).toString();
        const url = `${pathOf(route, segment)}${search ? `?${search}` : ''}`;
        // half the bodies are sent as raw text that JSON.stringify would never produce
        const text = payload === undefined ? undefined : raw && typeof payload === 'string' ? payload : JSON.stringify(payload);
        const res = await apiClient(server.url, { token })(route.method, url, text, text === undefined ? {} : { 'content-type': 'application/json' });
        expect(res.status, `${route.method} ${url} ${text?.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400 && res.status !== 404) expect(isSpecError(res.json), res.text.slice(0, 200)).toBe(true);
        if (before && res.status >= 400) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: FUZZ.runs, seed: FUZZ.seed, endOnFailure: true },
    );
  });
});
