import { describe, expect, it } from 'vitest';
import { createTestProject } from '@/tests/factories';
import { apiClient, insideOneRateWindow } from '@/tests/http';
import { newList, setUpRestHarness } from '@/server/recipients/__tests__/helpers';

const harness = setUpRestHarness();
const LISTS = '/api/v1/email/lists';

async function projectClient() {
  const { token } = await createTestProject(harness.db);
  return apiClient(harness.url, { token });
}

describe('POST /email/lists', () => {
  it('answers 201 with the seven fields in order and the write rate-limit headers', async () => {
    const call = await projectClient();
    const res = await call('POST', LISTS, { name: '  Release notes  ' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual([
      'id', 'name', 'recipient_count', 'active_count', 'removed_count', 'unsubscribed_count', 'created_at',
    ]);
    expect(res.json).toMatchObject({ name: 'Release notes', recipient_count: 0, active_count: 0, removed_count: 0, unsubscribed_count: 0 });
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.json.created_at).toISOString()).toBe(res.json.created_at);
    expect(res.headers.get('ratelimit-limit')).toBe('30');
    expect(res.headers.get('ratelimit-policy')).toBe('30;w=60');
  });

  it('answers 400 for a blank name, invisible characters included', async () => {
    const call = await projectClient();
    for (const name of ['   ', '\u200b', ' \u200d\ufeff\u200e ', '\u3164']) {
      const res = await call('POST', LISTS, { name });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ detail: 'Name must not be blank' });
    }
    expect((await call('POST', LISTS, { name: '\u200bNews' })).status).toBe(201);
    // a format character that is drawn (the Arabic number sign) is a name
    expect((await call('POST', LISTS, { name: '\u0600' })).status).toBe(201);
  });

  it('answers 409 for a name that exists in the project, whatever its case', async () => {
    const call = await projectClient();
    expect((await call('POST', LISTS, { name: 'Beta' })).status).toBe(201);
    for (const name of ['Beta', 'beta', ' BETA ']) {
      const res = await call('POST', LISTS, { name });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ detail: 'A list named "Beta" already exists in this project' });
    }
    // another project may use the name
    expect((await (await projectClient())('POST', LISTS, { name: 'Beta' })).status).toBe(201);
  });

  it('answers 400 for the 21st list, also when 25 are created at once', async () => {
    const { token } = await createTestProject(harness.db);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => apiClient(harness.url, { token })('POST', LISTS, { name: `List ${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(results.find((r) => r.status === 400)!.json).toEqual({ detail: 'A project holds at most 20 lists' });
    expect((await apiClient(harness.url, { token })('GET', LISTS)).json).toHaveLength(20);
  });

  it.each([
    ['an empty name', { name: '' }, ['body', 'name']],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, ['body', 'name']],
    ['a name that is not a string', { name: 7 }, ['body', 'name']],
    ['no name', {}, ['body', 'name']],
  ])('answers 422 with loc for %s', async (_, body, loc) => {
    const res = await (await projectClient())('POST', LISTS, body);
    expect(res.status).toBe(422);
    expect(res.json.detail).toHaveLength(1);
    expect(res.json.detail[0]).toMatchObject({ loc });
    expect(typeof res.json.detail[0].msg).toBe('string');
    expect(typeof res.json.detail[0].type).toBe('string');
  });

  it('accepts a name of exactly 100 characters', async () => {
    expect((await (await projectClient())('POST', LISTS, { name: 'x'.repeat(100) })).status).toBe(201);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const res = await (await projectClient())('POST', LISTS, '{"name":', { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['body']);
  });

  it('answers 429 after 30 writes a minute from one client', async () => {
    await insideOneRateWindow();
    const call = await projectClient();
    for (let i = 0; i < 30; i++) await call('POST', LISTS, { name: '' });
    const limited = await call('POST', LISTS, { name: 'late' });
    expect(limited.status).toBe(429);
    expect(Object.keys(limited.json)).toEqual(['detail']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts requests refused before the procedure runs: unreadable JSON and unsafe text get 429 past the limit too', async () => {
    await insideOneRateWindow();
    const call = await projectClient();
    const malformed = await call('POST', LISTS, '{"name":', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(422);
    expect(malformed.headers.get('ratelimit-limit')).toBe('30');
    expect(malformed.headers.get('ratelimit-remaining')).toBe('29');
    for (let i = 0; i < 29; i++) await call('POST', LISTS, { name: 'nul\u0000' });
    for (const body of ['{"name":', JSON.stringify({ name: 'nul\u0000' })]) {
      const limited = await call('POST', LISTS, body, { 'content-type': 'application/json' });
      expect(limited.status, limited.text).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('GET /email/lists and /email/lists/{list_id}', () => {
  it('lists five fields per list, oldest first, with the counts', async () => {
    const { call, base, listId, client } = await newList(harness, 'First');
    await call('POST', `${base}/recipients`, { emails: ['a@example.test', 'b@example.test', 'c@example.test'] });
    await call('DELETE', `${base}/recipients/b%40example.test`);
    const second = await call('POST', LISTS, { name: 'Second' });

    const res = await client()('GET', LISTS);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(res.json).toEqual([
      { id: listId, name: 'First', recipient_count: 3, active_count: 2, created_at: expect.any(String) },
      { id: second.json.id, name: 'Second', recipient_count: 0, active_count: 0, created_at: second.json.created_at },
    ]);
    expect(Object.keys(res.json[0])).toEqual(['id', 'name', 'recipient_count', 'active_count', 'created_at']);

    const one = await client()('GET', base);
    expect(one.status).toBe(200);
    expect(one.json).toEqual({
      id: listId, name: 'First', recipient_count: 3, active_count: 2, removed_count: 1, unsubscribed_count: 0,
      created_at: res.json[0].created_at,
    });
  });

  it('answers [] for a project without lists', async () => {
    expect((await (await projectClient())('GET', LISTS)).json).toEqual([]);
  });

  it('answers 404 for an unknown list and 422 for a list_id that is no UUID', async () => {
    const call = await projectClient();
    const missing = await call('GET', `${LISTS}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ detail: 'Mailing list not found' });
    const bad = await call('GET', `${LISTS}/not-a-uuid`);
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(['path', 'list_id']);
  });
});

describe('security: every mailing-list route', () => {
  const routes = (base: string): [string, string, unknown?][] => [
    ['GET', base],
    ['GET', `${base}/recipients`],
    ['POST', `${base}/recipients`, { emails: ['x@example.test'] }],
    ['PUT', `${base}/recipients`, { recipients: ['x@example.test'] }],
    ['DELETE', `${base}/recipients/x%40example.test`],
    ['POST', `${base}/recipients/remove`, { emails: ['x@example.test'] }],
    ['GET', `${base}/recipients/export.csv`],
  ];

  it('answers 401 {detail} without a valid token, on all nine routes', async () => {
    const { base } = await newList(harness);
    for (const authorization of [undefined, 'Bearer service_key_nope']) {
      const call = apiClient(harness.url);
      const headers: Record<string, string> = authorization ? { authorization } : {};
      for (const [method, path, body] of [['GET', LISTS], ['POST', LISTS, { name: 'x' }], ...routes(base)] as [string, string, unknown?][]) {
        const res = await call(method, path, body, headers);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json).toEqual({ detail: 'Invalid or expired token' });
        expect(res.headers.get('ratelimit-limit'), `${method} ${path}`).toMatch(/^\d+$/);
      }
    }
  });

  it("answers 404 to another project's token, exactly as for a list that does not exist, and changes nothing", async () => {
    const owner = await newList(harness, 'Private');
    await owner.call('POST', `${owner.base}/recipients`, { emails: ['x@example.test'] });
    const intruder = await projectClient();
    const unknown = '/api/v1/email/lists/7a1c6b1e-0000-4000-8000-000000000000';
    for (const [method, path, body] of routes(owner.base)) {
      const res = await intruder(method, path, body);
      const missing = await intruder(method, path.replace(owner.base, unknown), body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ detail: 'Mailing list not found' });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual(res.json);
    }
    expect((await intruder('GET', LISTS)).json).toEqual([]);
    const list = await owner.client()('GET', owner.base);
    expect(list.json).toMatchObject({ recipient_count: 1, active_count: 1 });
  });
});
