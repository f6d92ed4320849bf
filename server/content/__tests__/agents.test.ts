import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as llmsTxtRoute from '@/app/(public)/pub/[project]/llms.txt/route';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { HOSTILE_MARKDOWN } from '@/server/markdown/__tests__/hostile';
import { createTestProject } from '@/tests/factories';
import { apiClient, startTestServer, type TestServer } from '@/tests/http';
import { dispatch, REST_ROUTES } from '@/tests/rest-server';
import { publishBlogPost, publishChangelog, publishKbSet, tokenCaller } from './helpers';

let database: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer([
    ...REST_ROUTES,
    // what the HTTP front hands to the REST entry, under their own URL
    ...['/changelog/', '/blog/', '/kb/'].map((prefix) => [prefix, (req: Request) => dispatch(restOf(), req)] as [string, (req: Request) => Promise<Response>]),
    ['/pub/', (req) => {
      const [, , project, file] = new URL(req.url).pathname.split('/');
      if (file !== 'llms.txt') return Response.json({ detail: 'Not Found' }, { status: 404 });
      const handler = req.method === 'HEAD' ? llmsTxtRoute.HEAD : llmsTxtRoute.GET;
      return handler(req, { params: Promise.resolve({ project: decodeURIComponent(project!) }) });
    }],
  ]);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

function restOf() {
  return { GET: REST_ROUTES[0]![1], HEAD: REST_ROUTES[0]![1], POST: REST_ROUTES[0]![1] };
}

async function author(name?: string) {
  const { token, project } = await createTestProject(database.db, name);
  return { caller: await tokenCaller(token), project };
}

const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
const MARKDOWN = 'text/markdown; charset=utf-8';
const day = (iso: string | null) => iso!.slice(0, 10);

describe('markdown twins (verbs)', () => {
  it('gives a changelog its title, a version and date line, then its source unchanged', async () => {
    const { caller } = await author();
    const content = '## Added\n\n- **Dark mode**\r\n- émoji 🚀 and `code`\n\n\n';
    const changelog = await publishChangelog(caller, { title: 'Spring  release', version: '2.1.0', content });
    await caller.changelogs.manage.save({ id: changelog.id, title: 'Spring  release', content, period_start: '2025-03-01', period_end: '2025-03-07' });
    const { markdown } = await caller.changelogs.markdown({ public_slug: changelog.slug! });
    const header = `# Spring release\n\nVersion 2.1.0 · Published ${day(changelog.published_at)} · Covers 2025-03-01 to 2025-03-07\n\n`;
    expect(markdown).toBe(header + content);

    const plain = await publishChangelog(caller, { title: 'Prose', content: 'Just prose.' });
    expect((await caller.changelogs.markdown({ public_slug: plain.slug! })).markdown).toBe(`# Prose\n\nPublished ${day(plain.published_at)}\n\nJust prose.`);
  });

  it('gives a blog post its source, and a KB set its title, categories as ## and articles as ### with their bodies', async () => {
    const { caller } = await author();
    const source = '# How we ship\n\nBody with <b>html</b> kept.\n';
    const post = await publishBlogPost(caller, source);
    expect((await caller.blogPosts.markdown({ public_slug: post.slug! })).markdown).toBe(source);

    const set = await publishKbSet(
      caller,
      [
        { category: 'Start', title: 'Install', body: 'Paste the **tag**.' },
        { category: 'Billing', title: 'Plans', body: 'Monthly.\n\n- a\n- b\n' },
        { category: 'Start', title: 'Sign in', body: '' },
      ],
      'Help',
    );
    expect((await caller.kbSets.markdown({ public_slug: set.slug! })).markdown).toBe(
      '# Help\n\n## Start\n\n### Install\n\nPaste the **tag**.\n\n### Sign in\n\n## Billing\n\n### Plans\n\nMonthly.\n\n- a\n- b\n',
    );
  });
});

describe('GET /api/v1/<kind>/{public_slug}.md and /<kind>/<slug>.md', () => {
  it('serves each kind as text/markdown with ETag, 304, the public cache and rate limit, on both paths', async () => {
    const { caller } = await author();
    const changelog = await publishChangelog(caller, { title: 'T', content: 'x' });
    const post = await publishBlogPost(caller, '# P\n\ny');
    const set = await publishKbSet(caller, [{ category: 'C', title: 'A', body: 'z' }]);
    const call = apiClient(server.url);
    for (const path of [`/changelog/${changelog.slug}.md`, `/blog/${post.slug}.md`, `/kb/${set.slug}.md`]) {
      const viaApi = await call('GET', `/api/v1${path}`);
      expect(viaApi.status, path).toBe(200);
      expect(viaApi.headers.get('content-type')).toBe(MARKDOWN);
      expect(viaApi.headers.get('x-content-type-options')).toBe('nosniff');
      expect(viaApi.headers.get('cache-control')).toBe(CACHE_CONTROL);
      expect(viaApi.headers.get('ratelimit-limit')).toBe('100');
      const etag = viaApi.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const beside = await call('GET', path);
      expect(beside.status).toBe(200);
      expect(beside.text).toBe(viaApi.text);
      expect(beside.headers.get('etag')).toBe(etag);

      const cached = await call('GET', path, undefined, { 'if-none-match': etag });
      expect(cached.status).toBe(304);
      expect(cached.text).toBe('');
      const head = await call('HEAD', `/api/v1${path}`);
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(MARKDOWN);
      expect(head.text).toBe('');
    }
  });

  it('answers 404 {detail} for unknown and unpublished slugs and 422 for malformed ones', async () => {
    const { caller } = await author();
    const post = await publishBlogPost(caller, '# Soon gone\n\nText.');
    const call = apiClient(server.url);
    expect((await call('GET', `/api/v1/blog/${post.slug}.md`)).status).toBe(200);
    await caller.content.unpublish({ kind: 'blog_post', id: post.id });
    for (const path of [`/api/v1/blog/${post.slug}.md`, `/blog/${post.slug}.md`, '/api/v1/changelog/never-published.md', '/api/v1/kb/never-published.md']) {
      const gone = await call('GET', path);
      expect(gone.status, path).toBe(404);
      expect(gone.json.detail).toMatch(/not found$/);
      expect(gone.headers.get('cache-control')).toBeNull();
    }
    for (const slug of ['Bad_Slug', '%ZZ', 'a'.repeat(129), 'a.md']) {
      const bad = await call('GET', `/api/v1/changelog/${slug}.md`);
      expect(bad.status, slug).toBe(422);
      expect(bad.json.detail[0].loc).toEqual(['path', 'public_slug']);
    }
  });

  it('answers a write to a twin with the API\'s 404 {detail}, never a 500', async () => {
    const { caller } = await author();
    const changelog = await publishChangelog(caller, { title: 'Read only', content: 'Text.' });
    const call = apiClient(server.url);
    for (const path of [`/changelog/${changelog.slug}.md`, `/api/v1/changelog/${changelog.slug}.md`]) {
      const write = await call('POST', path, {});
      expect(write.status, path).toBe(404);
      expect(write.json.detail, path).toEqual(expect.any(String));
    }
  });

  it('serves the edit and stops serving the unpublished item at once (the content cache is cleared)', async () => {
    const { caller } = await author();
    const changelog = await publishChangelog(caller, { title: 'Draft one', content: 'first' });
    const call = apiClient(server.url);
    const before = await call('GET', `/changelog/${changelog.slug}.md`);
    expect(before.text.endsWith('first')).toBe(true);
    await caller.changelogs.manage.save({ id: changelog.id, title: 'Draft one', content: 'second' });
    const after = await call('GET', `/changelog/${changelog.slug}.md`, undefined, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.text.endsWith('second')).toBe(true);
    await caller.content.unpublish({ kind: 'changelog', id: changelog.id });
    expect((await call('GET', `/changelog/${changelog.slug}.md`)).status).toBe(404);
  });

  it('returns hostile markdown byte for byte as markdown text, never as HTML', async () => {
    const { caller } = await author();
    const post = await publishBlogPost(caller, HOSTILE_MARKDOWN);
    const changelog = await publishChangelog(caller, { title: '<script>alert(0)</script>', content: HOSTILE_MARKDOWN });
    const call = apiClient(server.url);
    const postTwin = await call('GET', `/blog/${post.slug}.md`, undefined, { accept: 'text/html' });
    expect(postTwin.text).toBe(HOSTILE_MARKDOWN);
    const changelogTwin = await call('GET', `/api/v1/changelog/${changelog.slug}.md`, undefined, { accept: 'text/html' });
    expect(changelogTwin.text.endsWith(HOSTILE_MARKDOWN)).toBe(true);
    for (const res of [postTwin, changelogTwin]) {
      expect(res.headers.get('content-type')).toBe(MARKDOWN);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('GET /pub/<project>/llms.txt', () => {
  it('indexes the published changelogs, posts and KB sets with links to their markdown twins', async () => {
    const { caller, project } = await author('Rocket [Shop]');
    const changelog = await publishChangelog(caller, { title: 'Spring release', version: '2.1', content: 'We shipped a lot.\n\n## Added\n- x' });
    const post = await publishBlogPost(caller, '# How we ship\n\nSmall batches,\nevery day.');
    const set = await publishKbSet(caller, [{ category: 'Start', title: 'Install', body: 'b' }, { category: 'Billing', title: 'Plans', body: 'c' }], 'Help [center]');
    await caller.blogPosts.manage.save({ content: '# A draft' });

    const res = await apiClient(server.url)('GET', `/pub/${project.slug}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    const base = 'http://localhost:3000';
    expect(res.text).toBe(
      [
        '# Rocket [Shop]',
        '',
        `> What Rocket [Shop] ships: its published changelogs, blog posts and help articles, each linked as markdown. Web pages: ${base}/pub/${project.slug}`,
        '',
        '## Changelogs',
        '',
        `- [Spring release](${base}/changelog/${changelog.slug}.md): Version 2.1, published ${day(changelog.published_at)}, We shipped a lot.`,
        '',
        '## Blog',
        '',
        `- [How we ship](${base}/blog/${post.slug}.md): published ${day(post.published_at)}, Small batches, every day.`,
        '',
        '## Knowledge base',
        '',
        `- [Help \\[center\\]](${base}/kb/${set.slug}.md): 2 articles in Start, Billing`,
        '',
      ].join('\n'),
    );
    // every link is a twin that answers
    for (const [, url] of res.text.matchAll(/\]\((http[^)]+)\)/g)) {
      const twin = await apiClient(server.url)('GET', new URL(url!).pathname);
      expect(twin.status, url).toBe(200);
    }
    const cached = await apiClient(server.url)('GET', `/pub/${project.slug}/llms.txt`, undefined, { 'if-none-match': res.headers.get('etag')! });
    expect(cached.status).toBe(304);
  });

  it('follows publish and unpublish at once, and answers 404 when nothing is published or the path is no project', async () => {
    const { caller, project } = await author();
    const call = apiClient(server.url);
    expect((await call('GET', `/pub/${project.slug}/llms.txt`)).status).toBe(404);
    const post = await publishBlogPost(caller, '# Only post\n\nText.');
    const first = await call('GET', `/pub/${project.slug}/llms.txt`);
    expect(first.text).toContain(`/blog/${post.slug}.md`);
    expect(first.text).not.toContain('## Changelogs');
    const changelog = await publishChangelog(caller, { title: 'Later', content: 'x' });
    expect((await call('GET', `/pub/${project.slug}/llms.txt`)).text).toContain(`/changelog/${changelog.slug}.md`);
    await caller.content.unpublish({ kind: 'blog_post', id: post.id });
    await caller.content.unpublish({ kind: 'changelog', id: changelog.id });
    const gone = await call('GET', `/pub/${project.slug}/llms.txt`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ detail: 'Nothing published here' });
    for (const bad of ['Bad_Slug', 'no-such-project-here', '%00']) expect((await call('GET', `/pub/${bad}/llms.txt`)).status, bad).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the three markdown twins of /api/v1 as text/markdown with their errors', async () => {
    const { buildOpenApiDocument } = await import('@/server/surfaces/rest/openapi');
    const doc = buildOpenApiDocument();
    for (const path of ['/changelog/{public_slug}.md', '/blog/{public_slug}.md', '/kb/{public_slug}.md']) {
      const get = doc.paths[path]?.get;
      expect(Object.keys(get.responses['200'].content)).toEqual([MARKDOWN]);
      expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '404', '422', '429']));
      expect(get.security ?? []).toEqual([]);
    }
  });
});
