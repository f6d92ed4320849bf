import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { publishBlogPost, publishChangelog, tokenCaller } from './helpers';
import { HOSTILE_MARKDOWN, looksExecutable } from '@/server/markdown/__tests__/hostile';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';

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

// an independent parser, as a feed reader would read the documents
const parser = new Parser<Record<string, unknown>, { description: string; 'content:encoded': string }>({ customFields: { item: ['description'] } });
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

async function author(name?: string) {
  const { token, project } = await createTestProject(database.db, name);
  return { caller: await tokenCaller(token), project };
}

async function fetchFeed(path: string) {
  const res = await apiClient(server.url)('GET', path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml');
  expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(res.text).toMatch(/<rss [^>]*version="2.0"/);
  const feed = await parser.parseString(res.text);
  // a second, independent parser: well-formed XML, the same items, and the channel's self link
  expect(XMLValidator.validate(res.text)).toBe(true);
  const channel = strictParser.parse(res.text).rss.channel;
  const items = [channel.item ?? []].flat() as { guid: { '#text': string } }[];
  expect(items.map((item) => item.guid['#text'])).toEqual(feed.items.map((item) => item.guid));
  expect(channel['atom:link']).toMatchObject({ '@_href': `http://localhost:3000${path}`, '@_rel': 'self', '@_type': 'application/rss+xml' });
  return { res, feed };
}

const strictParser = new XMLParser({ ignoreAttributes: false, processEntities: true });

const CHANGELOG = `# 2.0

Intro prose is not an entry.

## Added
- **Dark mode** for every page
  with a second line
- Export to CSV

## Fixed
- Crash on empty lists
`;

describe('GET /changelog/{public_slug}/feed', () => {
  it('has one item per entry with title, link, guid, description, category, pubDate and content:encoded', async () => {
    const { caller } = await author('Feed Co');
    const changelog = await publishChangelog(caller, { title: 'Big release', version: '2.0', content: CHANGELOG });
    const { feed, res } = await fetchFeed(`/api/v1/changelog/${changelog.slug}/feed`);

    expect(feed.title).toBe('Feed Co: Big release');
    expect(feed.description).toBe('Changelog (2.0) of Feed Co');
    expect(feed.link).toBe(`http://localhost:3000/changelog/${changelog.slug}`);
    expect(feed.items.map((i) => [i.categories, i.title])).toEqual([
      [['Added'], 'Dark mode for every page'],
      [['Added'], 'Export to CSV'],
      [['Fixed'], 'Crash on empty lists'],
    ]);
    const pubDate = new Date(changelog.published_at!).toUTCString();
    for (const item of feed.items) {
      // the page has no element per entry: the link is the page, the guid a fragment of it
      expect(item.link).toBe(`http://localhost:3000/changelog/${changelog.slug}`);
      expect(item.guid).toMatch(new RegExp(`^http://localhost:3000/changelog/${changelog.slug}#[a-z0-9-]+$`));
      expect(item.pubDate).toMatch(RFC_822);
      expect(item.pubDate).toBe(pubDate);
      expect(item.description).toBeTruthy();
      expect(item['content:encoded']).toBe(item.description);
    }
    expect(new Set(feed.items.map((i) => i.guid)).size).toBe(3);
    expect(feed.items[0]!.description).toContain('<strong>Dark mode</strong>');
    expect(res.text).toContain('isPermaLink="false"');
    expect(res.text).not.toContain('isPermaLink="true"');
    expect(res.text).toContain(`<lastBuildDate>${pubDate}</lastBuildDate>`);
  });

  it('is one item in category Changelog when the changelog has no entries', async () => {
    const { caller } = await author();
    const changelog = await publishChangelog(caller, { title: 'Prose only', content: 'We *rewrote* the engine.' });
    const { feed } = await fetchFeed(`/api/v1/changelog/${changelog.slug}/feed`);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ title: 'Prose only', categories: ['Changelog'], link: `http://localhost:3000/changelog/${changelog.slug}` });
    expect(feed.items[0]!.description).toContain('<em>rewrote</em>');
  });

  it('answers 404 {detail} when unpublished, 422 with the path loc for a bad slug, and 304 on If-None-Match', async () => {
    const { caller } = await author();
    const changelog = await publishChangelog(caller, { title: 'Etag me', content: 'x' });
    const call = apiClient(server.url);
    const first = await call('GET', `/api/v1/changelog/${changelog.slug}/feed`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.get('ratelimit-limit')).toBe('100');
    const second = await call('GET', `/api/v1/changelog/${changelog.slug}/feed`);
    expect(second.text).toBe(first.text); // stable bytes: lastBuildDate is the data's time, not the clock
    const cached = await call('GET', `/api/v1/changelog/${changelog.slug}/feed`, undefined, { 'if-none-match': first.headers.get('etag')! });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');

    await caller.content.unpublish({ kind: 'changelog', id: changelog.id });
    const gone = await call('GET', `/api/v1/changelog/${changelog.slug}/feed`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ detail: 'Changelog not found' });
    expect(gone.headers.get('content-type')).toMatch(/^application\/json/);

    for (const slug of ['Bad_Slug', '%ZZ', '%C3%A9', 'a'.repeat(129)]) {
      const bad = await call('GET', `/api/v1/changelog/${slug}/feed`);
      expect(bad.status).toBe(422);
      expect(bad.json.detail[0].loc).toEqual(['path', 'public_slug']);
    }
    expect((await call('GET', '/api/v1/blogs/feed?limit=0')).status).toBe(422);
    expect((await call('POST', `/api/v1/changelog/${changelog.slug}/feed`)).status).toBe(404);
  });
});

describe('GUIDs', () => {
  it('stay the same across edits of other entries, unpublish and republish', async () => {
    const { caller } = await author();
    const changelog = await publishChangelog(caller, { title: 'Stable', content: CHANGELOG });
    const post = await publishBlogPost(caller, '# Stable post\n\nBody.');
    const guidsOf = async () => [
      ...(await fetchFeed(`/api/v1/changelog/${changelog.slug}/feed`)).feed.items.map((item) => item.guid),
      ...(await fetchFeed(`/api/v1/blog/${post.slug}/feed`)).feed.items.map((item) => item.guid),
    ];
    const before = await guidsOf();
    await caller.content.unpublish({ kind: 'changelog', id: changelog.id });
    await caller.content.unpublish({ kind: 'blog_post', id: post.id });
    await caller.content.publish({ kind: 'changelog', id: changelog.id });
    await caller.content.publish({ kind: 'blog_post', id: post.id });
    expect(await guidsOf()).toEqual(before);

    // a new entry appears with its own GUID; the others keep theirs
    await caller.changelogs.manage.save({ id: changelog.id, title: 'Stable', content: CHANGELOG.replace('## Fixed', '## Fixed\n- A new fix') });
    const after = (await fetchFeed(`/api/v1/changelog/${changelog.slug}/feed`)).feed.items.map((item) => item.guid);
    expect(after).toHaveLength(4);
    expect(after).toEqual(expect.arrayContaining(before.slice(0, 3)));
  });
});

describe('GET /blog/{public_slug}/feed and /blogs/feed', () => {
  it('offers one post as one item and every post with the project filter', async () => {
    const { caller, project } = await author('Blog Co');
    const first = await publishBlogPost(caller, '# First & best\n\nThe opening paragraph of the first post.\n\nMore.');
    const second = await publishBlogPost(caller, '# Second\n\nAnother one.');

    const single = await fetchFeed(`/api/v1/blog/${first.slug}/feed`);
    expect(single.feed.title).toBe('Blog Co blog: First & best');
    expect(single.feed.items).toHaveLength(1);
    const item = single.feed.items[0]!;
    expect(item).toMatchObject({ title: 'First & best', link: `http://localhost:3000/blog/${first.slug}`, guid: `http://localhost:3000/blog/${first.slug}` });
    expect(item.description).toBe('The opening paragraph of the first post.');
    expect(item['content:encoded']).toContain('<h1>First &amp; best</h1>');
    expect(item.pubDate).toMatch(RFC_822);

    const all = await fetchFeed(`/api/v1/blogs/feed?project=${project.slug}`);
    expect(all.feed.title).toBe('Blog Co blog');
    expect(all.feed.link).toBe(`http://localhost:3000/pub/${project.slug}`);
    expect(all.feed.items.map((i) => i.link)).toEqual([second, first].map((p) => `http://localhost:3000/blog/${p.slug}`));
    for (const i of all.feed.items) {
      for (const field of ['title', 'link', 'guid', 'description', 'pubDate', 'content:encoded'] as const) expect(i[field]).toBeTruthy();
    }

    const everyone = await fetchFeed('/api/v1/blogs/feed');
    expect(everyone.feed.items.map((i) => i.link)).toEqual(expect.arrayContaining([`http://localhost:3000/blog/${first.slug}`]));
    const bad = await apiClient(server.url)('GET', '/api/v1/blogs/feed?project=NOPE');
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(['query', 'project']);

    // a project with no post yet has its name on the channel; one that does not exist has no feed
    const { project: quiet } = await author('Quiet & Co');
    const empty = await fetchFeed(`/api/v1/blogs/feed?project=${quiet.slug}`);
    expect(empty.feed.title).toBe('Quiet & Co blog');
    expect(empty.feed.items).toHaveLength(0);
    const unknown = await apiClient(server.url)('GET', '/api/v1/blogs/feed?project=no-such-project-here');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ detail: 'Project not found' });
  });
});

describe('links in feeds', () => {
  it('are absolute: a reader has no page to resolve a relative link against', async () => {
    const { caller, project } = await author();
    const post = await publishBlogPost(caller, `# Links\n\nSee [our page](/pub/${project.slug}), [setup](#setup) and [docs](https://docs.test/a).`);
    const { feed } = await fetchFeed(`/api/v1/blog/${post.slug}/feed`);
    const html = feed.items[0]!['content:encoded'];
    expect(html).toContain(`href="http://localhost:3000/pub/${project.slug}"`);
    expect(html).toContain(`href="http://localhost:3000/blog/${post.slug}#setup"`);
    expect(html).toContain('href="https://docs.test/a"');
  });
});

describe('hostile markdown', () => {
  it('never puts script, event handlers or script URLs into any feed', async () => {
    const { caller, project } = await author();
    const changelog = await publishChangelog(caller, { title: '<script>alert(0)</script>', content: HOSTILE_MARKDOWN });
    const post = await publishBlogPost(caller, HOSTILE_MARKDOWN);
    for (const path of [`/api/v1/changelog/${changelog.slug}/feed`, `/api/v1/blog/${post.slug}/feed`, `/api/v1/blogs/feed?project=${project.slug}`]) {
      const { feed } = await fetchFeed(path);
      expect(feed.items.length).toBeGreaterThan(0);
      for (const item of feed.items) {
        for (const value of [item.title, item.description, item['content:encoded'], ...(item.categories ?? [])]) {
          expect(looksExecutable(value ?? '')).toBe(false);
        }
      }
    }
  });
});
