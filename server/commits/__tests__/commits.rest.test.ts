import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/surfaces/rest/openapi';
import { apiClient } from '@/tests/http';
import { commitBody, newProject, randomSha, startHarness } from './harness';

const harness = startHarness();
const COMMITS = '/api/v1/commits';

describe('POST /commits: happy', () => {
  it('answers 200 with received, added and duplicates, and the write rate-limit headers', async () => {
    const { call } = await newProject(harness);
    const res = await call('POST', COMMITS, { commits: [commitBody(), commitBody({ url: 'https://github.com/acme/web/commit/abc1234' })] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: 2, added: 2, duplicates: 0 });
    expect(res.headers.get('ratelimit-limit')).toBe('30');
    expect(res.headers.get('ratelimit-policy')).toBe('30;w=60');
  });

  it('deduplicates by SHA per project: repeats, repeats within a batch and other letter case', async () => {
    const { call } = await newProject(harness);
    const sha = randomSha();
    const batch = [commitBody({ sha }), commitBody()];
    expect((await call('POST', COMMITS, { commits: batch })).json).toEqual({ received: 2, added: 2, duplicates: 0 });
    expect((await call('POST', COMMITS, { commits: batch })).json).toEqual({ received: 2, added: 0, duplicates: 2 });
    const again = [commitBody({ sha: sha.toUpperCase(), message: 'fix: other text' }), commitBody({ sha: 'ab12cd3' }), commitBody({ sha: 'AB12CD3' })];
    expect((await call('POST', COMMITS, { commits: again })).json).toEqual({ received: 3, added: 1, duplicates: 2 });
    // the first copy of a SHA wins
    const listed = await call('GET', COMMITS);
    expect(listed.json.items.find((c: { sha: string }) => c.sha === sha).message).toBe('feat: something');
    expect(listed.json.items).toHaveLength(3);
  });

  it('adds each SHA once when the same batch is pushed concurrently', async () => {
    const { token } = await newProject(harness);
    const batch = Array.from({ length: 50 }, () => commitBody());
    const results = await Promise.all(Array.from({ length: 5 }, () => apiClient(harness.url, { token })('POST', COMMITS, { commits: batch })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.reduce((n, r) => n + r.json.added, 0)).toBe(50);
    expect(results.reduce((n, r) => n + r.json.duplicates, 0)).toBe(200);
  });

  it('accepts 1000 commits in one request', async () => {
    const { call } = await newProject(harness);
    const res = await call('POST', COMMITS, { commits: Array.from({ length: 1000 }, () => commitBody()) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: 1000, added: 1000, duplicates: 0 });
  });
});

describe('GET /commits', () => {
  it('lists newest first within a window of whole UTC days, omitting unset fields', async () => {
    const { call } = await newProject(harness);
    const commits = [
      commitBody({ sha: 'aaaaaaa', authored_at: '2025-02-28T23:59:59Z' }),
      commitBody({ sha: 'bbbbbbb', authored_at: '2025-03-01T00:30:00+01:00' }), // Feb 28, 23:30 UTC
      commitBody({ sha: 'ccccccc', authored_at: '2025-03-01T00:00:00Z', author_name: null }),
      commitBody({ sha: 'ddddddd', authored_at: '2025-03-31T23:59:59.999Z', url: 'https://github.com/a/b/commit/ddddddd' }),
      commitBody({ sha: 'eeeeeee', authored_at: '2025-04-01T00:00:00Z' }),
    ];
    await call('POST', COMMITS, { commits });
    const march = await call('GET', `${COMMITS}?since=2025-03-01&until=2025-03-31`);
    expect(march.status).toBe(200);
    expect(march.json).toEqual({
      items: [
        { sha: 'ddddddd', message: 'feat: something', author_name: 'Ada', authored_at: '2025-03-31T23:59:59.999Z', url: 'https://github.com/a/b/commit/ddddddd' },
        { sha: 'ccccccc', message: 'feat: something', authored_at: '2025-03-01T00:00:00.000Z' },
      ],
    });
    expect((await call('GET', `${COMMITS}?until=2025-02-28`)).json.items.map((c: { sha: string }) => c.sha)).toEqual(['aaaaaaa', 'bbbbbbb']);
    expect((await call('GET', `${COMMITS}?since=2025-04-01`)).json.items.map((c: { sha: string }) => c.sha)).toEqual(['eeeeeee']);
    expect((await call('GET', `${COMMITS}?limit=2`)).json.items.map((c: { sha: string }) => c.sha)).toEqual(['eeeeeee', 'ddddddd']);
  });

  it.each([
    ['since=2025-3-1', ['query', 'since']],
    ['until=yesterday', ['query', 'until']],
    ['since=2025-03-02&until=2025-03-01', ['query', 'until']],
    ['limit=0', ['query', 'limit']],
    ['limit=1001', ['query', 'limit']],
  ])('answers 422 for %s', async (query, loc) => {
    const res = await (await newProject(harness)).call('GET', `${COMMITS}?${query}`);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(loc);
  });
});

describe('POST /commits: errors', () => {
  it.each([
    ['no commits', { commits: [] }, ['body', 'commits']],
    ['1001 commits', { commits: Array.from({ length: 1001 }, () => commitBody()) }, ['body', 'commits']],
    ['a short SHA', { commits: [commitBody({ sha: 'abc12' })] }, ['body', 'commits', 0, 'sha']],
    ['a SHA that is not hex', { commits: [commitBody({ sha: 'xyz1234567' })] }, ['body', 'commits', 0, 'sha']],
    ['a SHA of 65 characters', { commits: [commitBody({ sha: 'a'.repeat(65) })] }, ['body', 'commits', 0, 'sha']],
    ['an empty message', { commits: [commitBody(), commitBody({ message: '' })] }, ['body', 'commits', 1, 'message']],
    ['a date that is not ISO 8601', { commits: [commitBody({ authored_at: 'March 3, 2025' })] }, ['body', 'commits', 0, 'authored_at']],
    ['a date without an offset', { commits: [commitBody({ authored_at: '2025-03-03T10:00:00' })] }, ['body', 'commits', 0, 'authored_at']],
    ['a URL that is not http', { commits: [commitBody({ url: 'javascript:alert(1)' })] }, ['body', 'commits', 0, 'url']],
    // years PostgreSQL cannot read as JavaScript writes them: they were 500s
    ['a date in year 0', { commits: [commitBody({ authored_at: '0000-01-01T00:00:00Z' })] }, ['body', 'commits', 0, 'authored_at']],
    // years 1-99 came back as 1901-1999
    ['a date in year 50', { commits: [commitBody({ authored_at: '0050-06-15T12:00:00Z' })] }, ['body', 'commits', 0, 'authored_at']],
    ['a date before year 1000 in UTC', { commits: [commitBody({ authored_at: '1000-01-01T00:00:00+01:00' })] }, ['body', 'commits', 0, 'authored_at']],
    ['a date after 9999 in UTC', { commits: [commitBody({ authored_at: '9999-12-31T23:59:59-05:00' })] }, ['body', 'commits', 0, 'authored_at']],
    ['a NUL character in the message', { commits: [commitBody({ message: 'fix: a\u0000b' })] }, ['body', 'commits', 0, 'message']],
    ['a NUL character in the author', { commits: [commitBody({ author_name: '\u0000' })] }, ['body', 'commits', 0, 'author_name']],
    ['commits that are not an array', { commits: 'abc' }, ['body', 'commits']],
    ['no body fields', {}, ['body', 'commits']],
  ])('answers 422 with loc for %s', async (_, body, loc) => {
    const res = await (await newProject(harness)).call('POST', COMMITS, body);
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc });
    expect(typeof res.json.detail[0].msg).toBe('string');
  });

  it('takes the first and last storable instants, and a window to 9999-12-31 has no end', async () => {
    const { call } = await newProject(harness);
    const first = commitBody({ authored_at: '1000-01-01T00:00:00Z' });
    const last = commitBody({ authored_at: '9999-12-31T23:59:59Z' });
    expect((await call('POST', COMMITS, { commits: [first, last] })).json.added).toBe(2);
    const all = await call('GET', `${COMMITS}?since=1000-01-01&until=9999-12-31`);
    expect(all.status).toBe(200);
    expect(all.json.items).toHaveLength(2);
    expect(all.json.items.map((c: { authored_at: string }) => c.authored_at)).toEqual(['9999-12-31T23:59:59.000Z', '1000-01-01T00:00:00.000Z']);
    expect((await call('GET', `${COMMITS}?since=0999-12-31`)).status).toBe(422);
  });

  it('answers 422 for a body that is not JSON, and records nothing from a refused batch', async () => {
    const { call } = await newProject(harness);
    expect((await call('POST', COMMITS, '{"commits":[', { 'content-type': 'application/json' })).status).toBe(422);
    expect((await call('POST', COMMITS, { commits: [commitBody(), commitBody({ sha: 'nothex!' })] })).status).toBe(422);
    expect((await call('GET', COMMITS)).json.items).toEqual([]);
  });
});

describe('commits: security', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const token of [undefined, 'service_key_nope']) {
      const call = apiClient(harness.url, { token });
      expect((await call('POST', COMMITS, { commits: [commitBody()] })).status).toBe(401);
      const list = await call('GET', COMMITS);
      expect(list.status).toBe(401);
      expect(list.json).toEqual({ detail: expect.any(String) });
    }
  });

  it('keeps projects apart: the same SHA is new in each, and one project never lists the other\'s', async () => {
    const a = await newProject(harness);
    const b = await newProject(harness);
    const shared = commitBody();
    expect((await a.call('POST', COMMITS, { commits: [shared, commitBody({ message: 'only in A' })] })).json.added).toBe(2);
    expect((await b.call('POST', COMMITS, { commits: [shared] })).json.added).toBe(1);
    const listed = (await b.call('GET', COMMITS)).json.items;
    expect(listed.map((c: { sha: string }) => c.sha)).toEqual([shared.sha]);
  });
});

describe('OpenAPI document', () => {
  it('documents POST /commits with its body, 200 answer and error statuses', () => {
    const doc = buildOpenApiDocument();
    const operation = doc.paths['/commits'].post;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '422', '429']));
    expect(operation.responses['201']).toBeUndefined();
    expect(operation.responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/ValidationError');
    expect(operation.requestBody.content['application/json'].schema.properties.commits.maxItems).toBe(1000);
    expect(operation.responses['200'].content['application/json'].schema).toBeDefined();
    expect(doc.paths['/commits'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'since', 'until']);
  });
});
