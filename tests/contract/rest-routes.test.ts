import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as restModule from '@/app/api/v1/route';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { CLIENT_IP_HEADER } from '@/server/context';
import { apiClient, insideOneRateWindow, randomClientIp, type TestServer } from '@/tests/http';
import { dispatch, startRestServer } from '@/tests/rest-server';
import { bodyOf, documentedRoutes, exampleOf, firstStringPath, isDetailMessage, isSpecError, setAt, urlOf, type Route } from './routes';
import { createWorld, type World } from './world';

// The route contract, generated from the OpenAPI document: every route gets every case it can have,
// decided from the document (security, parameters, request body), never from a list of routes.
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

/** Path parameters of the first project: its list, a published slug of the route's kind, a recipient that stays put. */
function paramsOf(route: Route, override: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, schema } of route.pathParams) {
    if (name === 'list_id') values[name] = world.mine.listId;
    else if (name === 'public_slug') values[name] = world.mine.slugs[route.path.split('/')[1]!] ?? String(exampleOf(schema));
    else if (name === 'identifier') values[name] = encodeURIComponent('removed@example.test');
    else if (name === 'banner_id') values[name] = world.mine.bannerId;
    else if (name === 'import_id') values[name] = route.path.endsWith('/undo') ? world.mine.imports.done : world.mine.imports.ready;
    else values[name] = encodeURIComponent(String(exampleOf(schema)));
  }
  return { ...values, ...override };
}

const label = (route: Route) => `${route.method} ${route.path}`;
const cases = (list: Route[]) => list.map((route) => [label(route), route] as const);

/** One request as its own client; whatever the case, never a 5xx and every error in the spec's format. */
async function send(route: Route, options: { token?: string; url?: string; body?: unknown; headers?: Record<string, string>; method?: string } = {}) {
  const url = options.url ?? urlOf(route, paramsOf(route));
  const method = options.method ?? route.method;
  const body = 'body' in options ? options.body : route.body ? bodyOf(route, resolve, { project: world.mine.project.slug }) : undefined;
  const res = await apiClient(server.url, { token: options.token })(method, url, body, options.headers);
  expect(res.status, `${method} ${url}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400 && method !== 'HEAD') expect(isSpecError(res.json), `${method} ${url} ${res.status}: ${res.text.slice(0, 300)}`).toBe(true);
  return res;
}

it('the document lists routes (a broken generator would make every case below vacuous)', () => {
  expect(routes.length).toBeGreaterThan(15);
  expect(routes.filter((r) => r.secured).length).toBeGreaterThan(5);
  expect(routes.filter((r) => r.body).length).toBeGreaterThan(3);
});

describe('every route', () => {
  it.each(cases(routes))('%s accepts the minimal valid request derived from the document', async (_, route) => {
    const res = await send(route, { token: world.mine.token });
    expect(res.status, res.text.slice(0, 300)).toBeLessThan(300);
  });
});

describe('every secured route', () => {
  const secured = routes.filter((r) => r.secured);

  it.each(cases(secured))('%s answers 401 {detail} without a token', async (_, route) => {
    const res = await send(route);
    expect(res.status).toBe(401);
    expect(isDetailMessage(res.json), res.text).toBe(true);
  });

  it.each(cases(secured))('%s answers 401 {detail} to an unknown token', async (_, route) => {
    const res = await send(route, { token: 'service_key_contractUnknownToken0000000000' });
    expect(res.status).toBe(401);
    expect(isDetailMessage(res.json), res.text).toBe(true);
  });

  // an unauthenticated caller learns nothing about its request's shape, whatever is wrong with it
  it.each(cases(secured.filter((r) => r.body)))('%s answers 401 without a token, even to a body it cannot read', async (_, route) => {
    for (const body of ['{"not json', JSON.stringify({ x: 'a\u0000b' })]) {
      const res = await send(route, { body, headers: { 'content-type': 'application/json' } });
      expect(res.status, res.text).toBe(401);
    }
  });

  it.each(cases(secured.filter((r) => r.body)))('%s answers 401 without a token to a body that is not JSON, and counts it', async (_, route) => {
    const res = await send(route, { body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(res.status, res.text).toBe(401);
    expect(res.headers.get('ratelimit-limit'), 'RateLimit-Limit').toMatch(/^\d+$/);
  });

  // the token is in the headers: a caller without one costs no body read, however long its body
  it.each(cases(secured.filter((r) => r.body)))('%s answers 401 without a token before its body ends', async (_, route) => {
    const { status, body } = await answerToUnendingBody(route.method, urlOf(route, paramsOf(route)));
    expect(status, body).toBe(401);
    expect(isDetailMessage(JSON.parse(body)), body).toBe(true);
  });

  it.each(cases(secured.filter((r) => r.pathParams.length)))('%s answers 401 to an unknown token, even with a NUL character in its path', async (_, route) => {
    const res = await send(route, { token: 'service_key_contractUnknownToken0000000000', url: urlOf(route, paramsOf(route, { [route.pathParams[0]!.name]: 'a%00b' })) });
    expect(res.status, res.text).toBe(401);
  });

  it.each(cases(secured.filter((r) => r.listScoped)))("%s answers 404 {detail} to another project's token on this project's list", async (_, route) => {
    const res = await send(route, { token: world.theirs.token });
    expect(res.status, res.text).toBe(404);
    expect(isDetailMessage(res.json), res.text).toBe(true);
  });
});

describe('every public route', () => {
  it.each(cases(routes.filter((r) => !r.secured)))('%s answers without a token (no 401)', async (_, route) => {
    const res = await send(route);
    expect(res.status, res.text.slice(0, 300)).not.toBe(401);
  });
});

describe('every route with a JSON body', () => {
  const withBody = routes.filter((r) => r.body);

  it.each(cases(withBody))("%s answers 422 loc ['body'] to malformed JSON", async (_, route) => {
    const res = await send(route, { token: world.mine.token, body: '{"not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['body']);
    // counted like every other request of the route
    expect(res.headers.get('ratelimit-limit'), 'RateLimit-Limit').toMatch(/^\d+$/);
  });

  it.each(cases(withBody))('%s answers 422 string_unsafe to a NUL character in a string field', async (_, route) => {
    const body = bodyOf(route, resolve, { project: world.mine.project.slug });
    const at = firstStringPath(body);
    expect(at, 'the minimal body has a string field').not.toBeNull();
    const res = await send(route, { token: world.mine.token, body: JSON.stringify(setAt(body, at!, 'a\u0000b')) });
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['body', ...at!], type: 'string_unsafe' });
  });

  it.each(cases(withBody))('%s answers 422 string_unsafe to a lone surrogate (\\ud800) in a string field', async (_, route) => {
    const body = bodyOf(route, resolve, { project: world.mine.project.slug });
    const at = firstStringPath(body)!;
    // raw JSON text with the escape: valid JSON whose string is not valid Unicode
    const text = JSON.stringify(setAt(body, at, 'LONE-SURROGATE')).replace('"LONE-SURROGATE"', '"a\\ud800b"');
    expect(text).toContain('\\ud800');
    const res = await send(route, { token: world.mine.token, body: text });
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['body', ...at], type: 'string_unsafe' });
  });

  it.each(cases(withBody))('%s answers 422 to a __proto__ key, which a schema would drop without a word', async (_, route) => {
    const text = JSON.stringify(bodyOf(route, resolve, { project: world.mine.project.slug })).replace(/^\{/, '{"__proto__":{"x":1},');
    const res = await send(route, { token: world.mine.token, body: text });
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['body', '__proto__'], type: 'string_unsafe' });
  });

  it.each(cases(withBody))('%s reads the JSON media type in any case, and a +json type as JSON', async (_, route) => {
    for (const type of ['Application/JSON; charset=UTF-8', 'application/merge-patch+json']) {
      const res = await send(route, { token: world.mine.token, headers: { 'content-type': type } });
      // the body may now conflict with the first case's (a list of that name exists): any answer but "not JSON"
      expect(res.status === 422 ? res.json.detail[0].type : 'read', `${type}: ${res.text.slice(0, 300)}`).not.toMatch(/content_type|json_invalid/);
    }
  });

  it.each(cases(withBody))('%s refuses a JSON body that is not UTF-8 with 422 json_invalid (not stored as U+FFFD)', async (_, route) => {
    const res = await send(route, { token: world.mine.token, body: Buffer.from([...Buffer.from('{"name":"'), 0xff, 0xfe, ...Buffer.from('x"}')]) });
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid', msg: expect.stringContaining('UTF-8') });
  });

  it.each(cases(withBody))('%s refuses a body of another media type with 422 content_type, counted', async (_, route) => {
    const res = await send(route, { token: world.mine.token, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['body'], type: 'content_type' });
    expect(res.headers.get('ratelimit-limit'), 'RateLimit-Limit').toMatch(/^\d+$/);
  });

  it.each(cases(withBody))('%s answers 429 past its limit before reading the body', async (_, route) => {
    const ip = randomClientIp();
    const url = urlOf(route, paramsOf(route));
    await insideOneRateWindow();
    let left = Infinity;
    while (left > 0) {
      const res = await send(route, { token: world.mine.token, body: '{"not json', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip } });
      expect(res.status, res.text).toBe(422);
      left = Number(res.headers.get('ratelimit-remaining'));
    }
    const { status, body } = await answerToUnendingBody(route.method, url, { authorization: `Bearer ${world.mine.token}`, 'x-forwarded-for': ip });
    expect(status, body).toBe(429);
    expect(isDetailMessage(JSON.parse(body)), body).toBe(true);
  });

  it.each(cases(withBody))('%s answers 413 to a chunked body past 5 MB, before the end is read', async (_, route) => {
    const { status, sentMb, body } = await streamHuge(route.method, urlOf(route, paramsOf(route)), world.mine.token);
    expect(status).toBe(413);
    expect(isDetailMessage(JSON.parse(body)), body).toBe(true);
    expect(sentMb, 'MB written of 100 before the answer').toBeLessThan(50);
  });
});

describe('every route', () => {
  // names a plain object already has (its prototype's members): parameters like any other
  it.each(cases(routes.filter((r) => r.method === 'GET')))('%s reads a query parameter named constructor or toString as a parameter, and refuses __proto__', async (_, route) => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await send(route, { token: world.mine.token, url: `${urlOf(route, paramsOf(route))}?${name}=1` });
      expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    }
    const res = await send(route, { token: world.mine.token, url: `${urlOf(route, paramsOf(route))}?__proto__=1` });
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['query', '__proto__'], type: 'string_unsafe' });
  });
});

describe('every route with query parameters', () => {
  // a lone surrogate has no UTF-8 form, so a query (percent-encoded UTF-8) cannot carry one: NUL only
  it.each(cases(routes.filter((r) => r.queryParams.length)))('%s answers 422 string_unsafe to a NUL character in each query parameter', async (_, route) => {
    for (const { name } of route.queryParams) {
      const res = await send(route, { token: world.mine.token, url: `${urlOf(route, paramsOf(route))}?${name}=a%00b` });
      expect(res.status, `${name}: ${res.text}`).toBe(422);
      expect(res.json.detail[0], name).toMatchObject({ loc: ['query', name], type: 'string_unsafe' });
    }
  });
});

it('answers 404 to an unknown route or a wrong method, whatever its body', async () => {
  const call = apiClient(server.url, { token: world.mine.token });
  for (const [method, path, body, type] of [
    ['POST', '/api/v1/health', 'x', 'text/plain'],
    ['PUT', '/api/v1/email/lists', '{"name":', 'application/json'],
    ['POST', '/api/v1/nothing-here', '{"a":"\\u0000"}', 'application/json'],
  ] as const) {
    const res = await call(method, path, body, { 'content-type': type });
    expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
    expect(res.json).toEqual({ detail: 'Not Found' });
  }
});

describe('every route in another case', () => {
  // the spec's paths are exact: the OpenAPI library behind the procedures would match any case
  it.each(cases(routes))('%s answers 404 to its path with a capital letter', async (_, route) => {
    const url = urlOf(route, paramsOf(route)).replace(/^\/api\/v1\/(\w)/, (_, first: string) => `/api/v1/${first.toUpperCase()}`);
    const res = await send(route, { token: world.mine.token, url });
    expect(res.status, `${route.method} ${url}: ${res.text}`).toBe(404);
    expect(res.json).toEqual({ detail: 'Not Found' });
  });

  it('the export answers 404 to export.CSV', async () => {
    const route = routes.find((r) => r.path.endsWith('/export.csv'))!;
    const res = await send(route, { token: world.mine.token, url: urlOf(route, paramsOf(route)).replace(/csv$/, 'CSV') });
    expect(res.status).toBe(404);
  });
});

describe('every POST route without a body', () => {
  // clients name a type for an empty body (fetch: text/plain, Java: a form type): there is still no body
  it.each(cases(routes.filter((r) => r.method === 'POST' && !r.body)))('%s takes an empty body of any declared type', async (_, route) => {
    const res = await send(route, { token: world.mine.token, body: '', headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.status === 422 ? res.json.detail[0].type : 'read', res.text.slice(0, 300)).not.toMatch(/content_type|json_invalid/);
  });
});

describe('every route with an integer query parameter', () => {
  const withIntegers = routes.filter((r) => r.queryParams.some((q) => q.schema.type === 'integer'));

  it('exists (a broken generator would make the case below vacuous)', () => expect(withIntegers.length).toBeGreaterThan(3));

  it.each(cases(withIntegers))('%s answers 422 int_parsing to a number not written in digits, and takes one that is', async (_, route) => {
    for (const { name, schema } of route.queryParams.filter((q) => q.schema.type === 'integer')) {
      for (const bad of ['0x10', '1e1', '%203', '+3', '3.0']) {
        const res = await send(route, { token: world.mine.token, url: `${urlOf(route, paramsOf(route))}?${name}=${bad}` });
        expect(res.status, `${name}=${bad}: ${res.text}`).toBe(422);
        expect(res.json.detail[0], `${name}=${bad}`).toMatchObject({ loc: ['query', name], type: 'int_parsing' });
      }
      const fine = String(schema.minimum ?? 1);
      const res = await send(route, { token: world.mine.token, url: `${urlOf(route, paramsOf(route))}?${name}=${fine}` });
      expect(res.status, `${name}=${fine}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});

describe('every route with path parameters', () => {
  const withParams = routes.filter((r) => r.pathParams.length);

  it.each(cases(withParams))('%s answers 422 string_unsafe to a NUL character (%00) in each path parameter', async (_, route) => {
    for (const { name } of route.pathParams) {
      const res = await send(route, { token: world.mine.token, url: urlOf(route, paramsOf(route, { [name]: 'a%00b' })) });
      expect(res.status, `${name}: ${res.text}`).toBe(422);
      // decisions.md: the loc names the parameter (`["path","public_slug"]`)
      expect(res.json.detail[0], name).toMatchObject({ loc: ['path', name], type: 'string_unsafe' });
    }
  });

  // decisions.md: an invalid slug or UUID in the path is 422 with its loc; an identifier that matches
  // nothing is 404. Malformed percent-encoding is kept as sent, so it meets the same rule.
  it.each(cases(withParams))('%s answers malformed percent-encoding in each path parameter by its own rule: 422 with the loc, or 404', async (_, route) => {
    const answers: string[] = [];
    for (const { name, schema } of route.pathParams) {
      const validated = Boolean(schema.format || schema.pattern);
      for (const bad of ['%E0%A4%A', '%zz', 'a%', '%ED%A0%80']) {
        const res = await send(route, { token: world.mine.token, url: urlOf(route, paramsOf(route, { [name]: bad })) });
        const ok = validated ? res.status === 422 && res.json.detail?.[0]?.loc?.join() === `path,${name}` : res.status === 404 && isDetailMessage(res.json);
        if (!ok) answers.push(`${name}=${bad}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(answers).toEqual([]);
  });
});

describe('every GET route', () => {
  it.each(cases(routes.filter((r) => r.method === 'GET')))('%s answers HEAD like GET: same status and headers, no body', async (_, route) => {
    const url = urlOf(route, paramsOf(route));
    // the entry itself, as Next calls it: what it answers, before any server drops a HEAD body
    const get = await direct('GET', url, world.mine.token);
    const head = await direct('HEAD', url, world.mine.token);
    expect(head.status).toBe(get.status);
    expect(await head.text()).toBe('');
    await get.arrayBuffer();
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect(Math.abs(resetOf(head.headers) - resetOf(get.headers)) % 59, 'RateLimit-Reset within a second').toBeLessThanOrEqual(1);
    // and over HTTP
    const overHttp = await send(route, { token: world.mine.token, method: 'HEAD', url });
    expect(overHttp.status).toBe(get.status);
    expect(overHttp.text).toBe('');
  });
});

/** A request straight to the REST route module, as its own client (the client address the front would set). */
function direct(method: string, url: string, token: string): Promise<Response> {
  const headers = new Headers({ [CLIENT_IP_HEADER]: randomClientIp(), authorization: `Bearer ${token}` });
  return Promise.resolve(dispatch(restModule, new Request(server.url + url, { method, headers })));
}

/** Headers that must match between HEAD and GET: all but Date and the clock-driven RateLimit-Reset. */
function comparable(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => name !== 'date' && name !== 'ratelimit-reset'));
}

const resetOf = (headers: Headers) => Number(headers.get('ratelimit-reset') ?? 0);

/** Streams 1 MB chunks of a JSON string until the server answers or 100 MB went out; what was sent, what came back. */
function streamHuge(method: string, path: string, token: string): Promise<{ status: number; sentMb: number; body: string }> {
  const url = new URL(server.url + path);
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientIp() },
    });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({ status: res.statusCode!, sentMb: sent, body: Buffer.concat(parts).toString() });
        req.destroy();
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      if (sent === 0) req.write('{"x":"');
      while (!answered && sent < 100) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

/** Sends the start of a JSON body and never its end: resolves with the answer, or "none" once 10 s pass without one. */
function answerToUnendingBody(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number | 'none'; body: string }> {
  const url = new URL(server.url + path);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'x-forwarded-for': randomClientIp(), ...headers },
    });
    const unanswered = setTimeout(() => {
      req.destroy();
      resolve({ status: 'none', body: '' });
    }, 10_000);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        clearTimeout(unanswered);
        resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() });
        req.destroy();
      });
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.write('{"name":"');
  });
}
