import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createList } from '@/server/mailing-lists/create';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { documentedRoutes, exampleOf, firstStringPath, isSpecError, setAt, type Route } from './routes';

// The route contract, generated from the OpenAPI document: every route gets every case it can have.
const { routes, resolve } = documentedRoutes();
let database: DatabaseHandle;
let server: TestServer;
let mine: { token: string; listId: string };
let theirs: { token: string };

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startRestServer();
  const a = await createTestProject(database.db);
  const b = await createTestProject(database.db);
  const list = await createList({ ctx: { db: database.db, projectId: a.project.id }, input: { name: 'Contract' } });
  mine = { token: a.token, listId: list.id };
  theirs = { token: b.token };
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** The route's URL with its path parameters filled: the caller's own list, a plain slug or identifier. */
function urlOf(route: Route, override: Record<string, string> = {}): string {
  const values: Record<string, string> = { list_id: mine.listId, public_slug: 'contract-slug', identifier: 'nobody%40example.test', ...override };
  return `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x')}`;
}

const call = (token?: string) => apiClient(server.url, { token });
const label = (route: Route) => `${route.method} ${route.path}`;
const secured = routes.filter((r) => r.secured);
const withBody = routes.filter((r) => r.body);
const gets = routes.filter((r) => r.method === 'GET');

describe('every secured route', () => {
  it.each(secured.map((r) => [label(r), r] as const))('%s answers 401 {detail} without a token', async (_, route) => {
    const res = await call()(route.method, urlOf(route), route.body ? exampleOf(route.body, resolve) : undefined);
    expect(res.status).toBe(401);
    expect(isSpecError(res.json)).toBe(true);
  });

  it.each(secured.filter((r) => r.listScoped).map((r) => [label(r), r] as const))('%s answers 404 for another project\'s list', async (_, route) => {
    const res = await call(theirs.token)(route.method, urlOf(route), route.body ? exampleOf(route.body, resolve) : undefined);
    expect(res.status).toBe(404);
    expect(isSpecError(res.json)).toBe(true);
  });
});

describe('every route with a JSON body', () => {
  it.each(withBody.map((r) => [label(r), r] as const))('%s answers 422 loc body to malformed JSON', async (_, route) => {
    const res = await call(mine.token)(route.method, urlOf(route), '{"not json', { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['body']);
  });

  it.each(withBody.map((r) => [label(r), r] as const))('%s refuses NUL characters and lone surrogates with 422 string_unsafe', async (_, route) => {
    const example = exampleOf(route.body!, resolve);
    const at = firstStringPath(example)!;
    expect(at, 'a string field to put hostile text in').not.toBeNull();
    for (const hostile of ['a\u0000b', '\ud800']) {
      // JSON.stringify escapes a lone surrogate as \ud800: the text the server parses is the hostile one
      const res = await call(mine.token)(route.method, urlOf(route), JSON.stringify(setAt(example, at, hostile)));
      expect(res.status, JSON.stringify(hostile)).toBe(422);
      expect(res.json.detail[0]).toMatchObject({ loc: ['body', ...at], type: 'string_unsafe' });
    }
  });

  it.each(withBody.map((r) => [label(r), r] as const))('%s answers 413 to an oversized chunked body before the end is read', async (_, route) => {
    const { status, sentMb } = await streamHuge(route.method, urlOf(route), mine.token);
    expect(status).toBe(413);
    expect(sentMb).toBeLessThan(64); // of 200 MB offered: the server stopped reading at its 5 MB cap
  });
});

describe('every GET route', () => {
  it.each(gets.map((r) => [label(r), r] as const))('%s answers HEAD like GET, without a body', async (_, route) => {
    const client = call(mine.token);
    const get = await client('GET', urlOf(route));
    const head = await client('HEAD', urlOf(route));
    expect(head.status).toBe(get.status);
    expect(head.text).toBe('');
    for (const name of ['content-type', 'etag', 'cache-control']) expect(head.headers.get(name), name).toBe(get.headers.get(name));
  });

  it.each(gets.filter((r) => r.pathParams.length).map((r) => [label(r), r] as const))('%s answers 4xx, never 5xx, to malformed percent-encoding in the path', async (_, route) => {
    for (const bad of ['%E0%A4%A', '%zz', '%', '%00']) {
      const res = await call(mine.token)('GET', urlOf(route, Object.fromEntries(route.pathParams.map((p) => [p, bad]))));
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
  });

  it.each(gets.filter((r) => r.queryParams.length).map((r) => [label(r), r] as const))('%s refuses a NUL character in the query with 422', async (_, route) => {
    const res = await call(mine.token)('GET', `${urlOf(route)}?${route.queryParams[0]}=a%00b`);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['query', route.queryParams[0]]);
  });
});

/** Streams 1 MB chunks of a JSON string until the server answers or 200 MB went out; returns what was sent. */
function streamHuge(method: string, path: string, token: string): Promise<{ status: number; sentMb: number }> {
  const url = new URL(server.url + path);
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = false;
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.9` } });
    req.on('response', (res) => {
      done = true;
      res.resume();
      resolve({ status: res.statusCode!, sentMb: sent });
      req.destroy();
    });
    req.on('error', (error) => (done ? undefined : reject(error)));
    const pump = () => {
      if (sent === 0) req.write('"');
      while (!done && sent < 200) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end('"');
    };
    pump();
  });
}
