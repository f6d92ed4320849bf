import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer, insideOneRateWindow } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { publishBlogPost, publishChangelog, publishKbSet, tokenCaller } from './helpers';

let database: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startRestServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

async function author() {
  const { token, project } = await createTestProject(database.db);
  return { caller: await tokenCaller(token), project };
}

const CHANGELOG_KEYS = ['id', 'slug', 'title', 'version', 'content', 'period_start', 'period_end', 'commit_count', 'published_at', 'created_at'];
const BLOG_KEYS = ['id', 'slug', 'content', 'period_start', 'period_end', 'published_at', 'created_at'];
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

describe('GET /changelogs and /changelog/{public_slug}', () => {
  it('lists published changelogs of a project newest first, in the decided shape, without drafts', async () => {
    const { caller, project } = await author();
    const older = await publishChangelog(caller, { title: 'Older', content: '## Added\n\n- a', version: '1.0' });
    const newer = await publishChangelog(caller, { title: 'Newer', content: 'b' });
    await caller.changelogs.manage.save({ title: 'Draft only', content: 'c' });

    const res = await apiClient(server.url)('GET', `/api/v1/changelogs?project=${project.slug}`);
    expect(res.status).toBe(200);
    expect(res.json.map((c: { title: string }) => c.title)).toEqual(['Newer', 'Older']);
    expect(Object.keys(res.json[1])).toEqual(CHANGELOG_KEYS);
    expect(res.json[1]).toEqual({
      id: older.id,
      slug: older.slug,
      title: 'Older',
      version: '1.0',
      content: '## Added\n\n- a',
      period_start: null,
      period_end: null,
      commit_count: null,
      published_at: older.published_at,
      created_at: older.created_at,
    });
    expect(res.headers.get('ratelimit-limit')).toBe('100');

    const one = await apiClient(server.url)('GET', `/api/v1/changelog/${newer.slug}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: newer.id, slug: newer.slug, title: 'Newer' });
    expect(Object.keys(one.json)).toEqual(CHANGELOG_KEYS);
  });

  it('lists every project without `project`, and honours `limit`', async () => {
    const a = await author();
    const b = await author();
    const first = await publishChangelog(a.caller, { title: 'From A', content: 'a' });
    const second = await publishChangelog(b.caller, { title: 'From B', content: 'b' });
    const all = await apiClient(server.url)('GET', '/api/v1/changelogs?limit=100');
    const ids = all.json.map((c: { id: string }) => c.id);
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const limited = await apiClient(server.url)('GET', '/api/v1/changelogs?limit=1');
    expect(limited.json).toHaveLength(1);
    const unknown = await apiClient(server.url)('GET', '/api/v1/changelogs?project=no-such-project');
    expect(unknown).toMatchObject({ status: 200, json: [] });
  });

  it('answers 404 for unknown and unpublished slugs, and serves the change at once', async () => {
    const { caller } = await author();
    const live = await publishChangelog(caller, { title: 'Short-lived', content: 'x' });
    const call = apiClient(server.url);
    expect((await call('GET', `/api/v1/changelog/${live.slug}`)).status).toBe(200);
    await caller.content.unpublish({ kind: 'changelog', id: live.id });
    const gone = await call('GET', `/api/v1/changelog/${live.slug}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ detail: 'Changelog not found' });
    expect((await call('GET', '/api/v1/changelog/never-published-here')).status).toBe(404);
    await caller.content.publish({ kind: 'changelog', id: live.id });
    expect((await call('GET', `/api/v1/changelog/${live.slug}`)).status).toBe(200);
  });
});

describe('the widget: ?key=<banner slug> and CORS', () => {
  async function withEmbed() {
    const { caller, project } = await author();
    const { slug: key } = await caller.banner.get();
    return { caller, project, key };
  }

  it('narrows /changelogs and /blogs to the project of a banner slug', async () => {
    const mine = await withEmbed();
    const other = await withEmbed();
    const first = await publishChangelog(mine.caller, { title: 'Mine 1', content: 'a' });
    const second = await publishChangelog(mine.caller, { title: 'Mine 2', content: 'b' });
    await publishChangelog(other.caller, { title: 'Theirs', content: 'c' });
    const post = await publishBlogPost(mine.caller, '# Mine\n\nx');
    const call = apiClient(server.url);

    const list = await call('GET', `/api/v1/changelogs?key=${mine.key}&limit=5`);
    expect(list.status).toBe(200);
    expect(list.json.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list.json[0])).toEqual(CHANGELOG_KEYS);
    expect((await call('GET', `/api/v1/changelogs?key=${mine.key}&limit=1`)).json).toHaveLength(1);
    expect((await call('GET', `/api/v1/blogs?key=${mine.key}`)).json.map((p: { id: string }) => p.id)).toEqual([post.id]);
    // both filters must name the same project; an unknown key is an empty list, like an unknown project
    expect((await call('GET', `/api/v1/changelogs?key=${mine.key}&project=${mine.project.slug}`)).json).toHaveLength(2);
    expect((await call('GET', `/api/v1/changelogs?key=${mine.key}&project=${other.project.slug}`)).json).toEqual([]);
    expect(await call('GET', '/api/v1/changelogs?key=no-such-key')).toMatchObject({ status: 200, json: [] });
  });

  it.each(['Not%20A%20Slug', 'a--b', 'x'.repeat(129), ''])('answers 422 in the query for ?key=%s', async (key) => {
    for (const path of ['/api/v1/changelogs', '/api/v1/blogs']) {
      const res = await apiClient(server.url)('GET', `${path}?key=${key}`);
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['query', 'key']);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('lets any web page read public content: Access-Control-Allow-Origin on answers, 304s and 404s', async () => {
    const { caller, key } = await withEmbed();
    const live = await publishChangelog(caller, { title: 'Cross-origin', content: '## Added\n\n- one' });
    const post = await publishBlogPost(caller, '# Post\n\nx');
    const call = apiClient(server.url);
    const origin = { origin: 'https://customer.example' };
    const paths = [
      `/api/v1/changelogs?key=${key}`,
      `/api/v1/changelog/${live.slug}`,
      `/api/v1/changelog/${live.slug}/feed`,
      '/api/v1/blogs?limit=1',
      `/api/v1/blog/${post.slug}`,
      `/api/v1/blog/${post.slug}/feed`,
      '/api/v1/blogs/feed?limit=1',
    ];
    for (const path of paths) {
      const res = await call('GET', path, undefined, origin);
      expect([path, res.status, res.headers.get('access-control-allow-origin')]).toEqual([path, 200, '*']);
      const again = await call('GET', path, undefined, { ...origin, 'if-none-match': res.headers.get('etag')! });
      expect([path, again.status, again.headers.get('access-control-allow-origin')]).toEqual([path, 304, '*']);
    }
    for (const path of ['/api/v1/changelog/missing-one', '/api/v1/changelog/missing-one/feed', '/api/v1/kb/missing-one']) {
      const res = await call('GET', path, undefined, origin);
      expect([path, res.status, res.headers.get('access-control-allow-origin')]).toEqual([path, 404, '*']);
    }
  });

  it('keeps CORS off authenticated routes', async () => {
    const res = await apiClient(server.url)('GET', '/api/v1/email/lists', undefined, { origin: 'https://customer.example' });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('GET /blogs, /blog/{public_slug} and /kb/{public_slug}', () => {
  it('serves blog posts in the Blog post shape, newest first', async () => {
    const { caller, project } = await author();
    const first = await publishBlogPost(caller, '# First post\n\nHello');
    const second = await publishBlogPost(caller, '# Second post\n\nAgain');
    const list = await apiClient(server.url)('GET', `/api/v1/blogs?project=${project.slug}`);
    expect(list.json.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list.json[0])).toEqual(BLOG_KEYS);
    const one = await apiClient(server.url)('GET', `/api/v1/blog/${first.slug}`);
    expect(one.json).toEqual({
      id: first.id,
      slug: first.slug,
      content: '# First post\n\nHello',
      period_start: first.period_start,
      period_end: first.period_end,
      published_at: first.published_at,
      created_at: first.created_at,
    });
  });

  it('serves a KB set with its articles as a JSON string and source null', async () => {
    const { caller } = await author();
    const articles = [{ category: 'Start', title: 'Install', body: 'Run `npm i`' }];
    const set = await publishKbSet(caller, articles, 'Docs');
    const res = await apiClient(server.url)('GET', `/api/v1/kb/${set.slug}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: set.id, slug: set.slug, content: JSON.stringify({ articles }), published_at: set.published_at, created_at: set.created_at, source: null });
  });

  it('adds source_url and synced_at for a mirrored set', async () => {
    const { caller } = await author();
    const draft = await caller.kbSets.manage.save({ articles: [], source: 'intercom', source_url: 'https://help.test', synced_at: '2026-01-02T03:04:05Z' });
    const set = await caller.content.publish({ kind: 'kb_set', id: draft.id });
    const res = await apiClient(server.url)('GET', `/api/v1/kb/${set.slug}`);
    expect(res.json).toMatchObject({ source: 'intercom', source_url: 'https://help.test', synced_at: '2026-01-02T03:04:05.000Z' });
  });
});

describe('errors', () => {
  it.each(['Upper-Case', 'double--hyphen', '-leading', 'trailing-', 'under_score', 'dot.ted', 'a'.repeat(129), '%E2%9C%93', '%ZZ', 'a%20b'])(
    'answers 422 with loc ["path","public_slug"] for the slug %s',
    async (slug) => {
      for (const path of [`/api/v1/changelog/${slug}`, `/api/v1/blog/${slug}`, `/api/v1/kb/${slug}`]) {
        const res = await apiClient(server.url)('GET', path);
        expect(res.status).toBe(422);
        expect(res.json.detail[0]).toMatchObject({ loc: ['path', 'public_slug'] });
        expect(typeof res.json.detail[0].msg).toBe('string');
        expect(typeof res.json.detail[0].type).toBe('string');
      }
    },
  );

  it('accepts a slug of exactly 128 characters (and answers 404)', async () => {
    expect((await apiClient(server.url)('GET', `/api/v1/changelog/${'a'.repeat(128)}`)).status).toBe(404);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1.5', 'limit'],
    ['project=Not%20A%20Slug', 'project'],
  ])('answers 422 in the query for ?%s', async (query, field) => {
    for (const path of ['/api/v1/changelogs', '/api/v1/blogs']) {
      const res = await apiClient(server.url)('GET', `${path}?${query}`);
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['query', field]);
    }
  });

  it('answers 429 for public content past 100 requests a minute', async () => {
    await insideOneRateWindow();
    const call = apiClient(server.url);
    for (let i = 0; i < 100; i++) expect((await call('GET', '/api/v1/blogs?limit=1')).status).toBe(200);
    const limited = await call('GET', '/api/v1/changelog/anything');
    expect(limited.status).toBe(429);
    expect(Object.keys(limited.json)).toEqual(['detail']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('HTTP caching', () => {
  it('answers with ETag and a CDN-friendly Cache-Control, 304 on If-None-Match, a new ETag after an edit', async () => {
    const { caller } = await author();
    const live = await publishChangelog(caller, { title: 'Cached', content: 'v1' });
    const call = apiClient(server.url);
    const first = await call('GET', `/api/v1/changelog/${live.slug}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe(CACHE_CONTROL);

    const again = await call('GET', `/api/v1/changelog/${live.slug}`, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(again.headers.get('ratelimit-remaining')).toBe('98');
    expect((await call('GET', `/api/v1/changelog/${live.slug}`, undefined, { 'if-none-match': `W/"other", W/${etag}` })).status).toBe(304);

    await caller.changelogs.manage.save({ id: live.id, title: 'Cached', content: 'v2' });
    const changed = await call('GET', `/api/v1/changelog/${live.slug}`, undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.json.content).toBe('v2');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('caches lists too, but never errors', async () => {
    const call = apiClient(server.url);
    const list = await call('GET', '/api/v1/blogs');
    expect(list.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect((await call('GET', '/api/v1/blogs', undefined, { 'if-none-match': list.headers.get('etag')! })).status).toBe(304);
    const missing = await call('GET', '/api/v1/blog/missing');
    expect(missing.headers.get('etag')).toBeNull();
    expect(missing.headers.get('cache-control')).toBeNull();
  });
});

describe('OpenAPI document', () => {
  it('describes the public content routes without security and with their 404 and 422', async () => {
    const { buildOpenApiDocument } = await import('@/server/surfaces/rest/openapi');
    const doc = buildOpenApiDocument();
    const get = doc.paths['/changelog/{public_slug}'].get;
    expect(get.security ?? []).toEqual([]);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '404', '422', '429']));
    expect(doc.paths['/changelogs'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['key', 'limit', 'project']);
    expect(doc.paths['/blogs']).toBeDefined();
    expect(doc.paths['/kb/{public_slug}']).toBeDefined();
  });
});

describe('CORS preflight', () => {
  const preflight = (path: string) =>
    fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });

  it('lets any web page revalidate public content and its feeds with If-None-Match', async () => {
    for (const path of ['/api/v1/changelogs', '/api/v1/changelog/acme-1-0', '/api/v1/changelog/acme-1-0/feed', '/api/v1/blogs/feed', '/api/v1/kb/acme-help']) {
      const res = await preflight(path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-methods'), path).toBe('GET, HEAD');
      expect(res.headers.get('access-control-allow-headers'), path).toMatch(/^If-None-Match\b/);
    }
  });

  it('grants nothing on routes that take no cross-origin calls', async () => {
    for (const path of ['/api/v1/email/lists', '/api/v1/me', '/api/v1/nothing-here']) {
      const res = await preflight(path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});
