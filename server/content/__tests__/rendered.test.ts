import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { blogPosts, changelogs, kbSets } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { invalidatePublicContent } from '@/server/content/cache';
import { RENDERED_VERSION } from '@/server/content/rendered';
import { rerenderStaleContent, startRerender } from '@/server/content/rerender';
import { createTestProject } from '@/tests/factories';
import { publishBlogPost, publishChangelog, publishKbSet, tokenCaller } from './helpers';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function author() {
  const { token } = await createTestProject(database.db);
  return tokenCaller(token);
}

// Markdown is rendered and sanitized once, at save; pages and feeds read what was stored. The tests
// change the stored rendering behind the verbs' back: what a page shows then can only come from it.
describe('rendered at save', () => {
  it('stores a changelog sanitized HTML, summary and feed entries, and its page and feed read them', async () => {
    const caller = await author();
    const changelog = await publishChangelog(caller, { title: 'Stored', content: 'Intro *here*.\n\n## Added\n- **Dark** mode <script>x</script>\n' });
    const [row] = await database.db.select().from(changelogs).where(eq(changelogs.id, changelog.id));
    expect(row!.rendered).toEqual({
      html: expect.stringContaining('<em>here</em>'),
      summary: 'Intro here.',
      entries: [{ category: 'Added', title: 'Dark mode', html: expect.stringContaining('<strong>Dark</strong>') }],
      version: RENDERED_VERSION,
    });
    expect(JSON.stringify(row!.rendered)).not.toContain('<script');

    await database.db
      .update(changelogs)
      .set({ rendered: { html: '<p>from storage</p>', summary: 'stored summary', entries: [{ category: 'Stored', title: 'Stored entry', html: '<p>entry</p>' }], version: RENDERED_VERSION } })
      .where(eq(changelogs.id, changelog.id));
    invalidatePublicContent();
    const page = await caller.changelogs.page({ public_slug: changelog.slug! });
    expect(page).toMatchObject({ html: '<p>from storage</p>', description: 'stored summary' });
    const { xml } = await caller.changelogs.feed({ public_slug: changelog.slug! });
    expect(xml).toContain('<category><![CDATA[Stored]]></category>');
  });

  it('stores a blog post and each KB article rendered, and their pages read them', async () => {
    const { token, project } = await createTestProject(database.db);
    const caller = await tokenCaller(token);
    const post = await publishBlogPost(caller, '# Title\n\nFirst paragraph.');
    const set = await publishKbSet(caller, [{ category: 'Start', title: 'Install', body: 'Run `npm i`.' }]);
    const [postRow] = await database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(postRow!.rendered).toEqual({ title: 'Title', html: '<h1>Title</h1>\n<p>First paragraph.</p>\n', summary: 'First paragraph.', excerpt: 'First paragraph.', version: RENDERED_VERSION });
    const [setRow] = await database.db.select().from(kbSets).where(eq(kbSets.id, set.id));
    expect(setRow!.rendered).toEqual({ articles: [{ html: '<p>Run <code>npm i</code>.</p>\n', text: 'Run npm i.' }], version: RENDERED_VERSION });

    await database.db.update(blogPosts).set({ rendered: { title: 'Stored title', html: '<p>stored post</p>', summary: 's', excerpt: 'e', version: RENDERED_VERSION } }).where(eq(blogPosts.id, post.id));
    await database.db.update(kbSets).set({ rendered: { articles: [{ html: '<p>stored article</p>', text: 't' }], version: RENDERED_VERSION } }).where(eq(kbSets.id, set.id));
    invalidatePublicContent();
    const page = await caller.blogPosts.page({ public_slug: post.slug! });
    expect(page).toMatchObject({ html: '<p>stored post</p>', title: 'Stored title' });
    // the title is read, never worked out from the markdown again: in lists, feeds and the author's view
    expect((await caller.blogPosts.feed({ public_slug: post.slug! })).xml).toContain('<title><![CDATA[Stored title]]></title>');
    expect((await caller.blogPosts.manage.get({ id: post.id })).title).toBe('Stored title');
    const site = await caller.content.site({ project: project.slug });
    expect(site.blog_posts).toEqual([expect.objectContaining({ title: 'Stored title', excerpt: 's' })]);
    expect((await caller.kbSets.page({ public_slug: set.slug! })).categories[0]!.articles[0]!.html).toBe('<p>stored article</p>');
  });

  it('renders rows saved before renderings were stored when they are read', async () => {
    const caller = await author();
    const changelog = await publishChangelog(caller, { title: 'Old row', content: '## Fixed\n- A *crash*' });
    await database.db.update(changelogs).set({ rendered: sql`null` }).where(eq(changelogs.id, changelog.id));
    invalidatePublicContent();
    const page = await caller.changelogs.page({ public_slug: changelog.slug! });
    expect(page.html).toContain('<em>crash</em>');
    expect((await caller.changelogs.feed({ public_slug: changelog.slug! })).xml).toContain('<category><![CDATA[Fixed]]></category>');
  });

  it('renders a rendering of an older version again when read: a renderer fix reaches saved items', async () => {
    const caller = await author();
    const changelog = await publishChangelog(caller, { title: 'Older', content: '## Added\n- ```\n  npm i\n  ```\n' });
    // as the version before feed entries opening with code existed: no entry, and HTML it would not make now
    await database.db.update(changelogs).set({ rendered: { html: '<p>old renderer</p>', summary: 'old', entries: [] } }).where(eq(changelogs.id, changelog.id));
    invalidatePublicContent();
    expect((await caller.changelogs.page({ public_slug: changelog.slug! })).html).toContain('<code>npm i');
    expect((await caller.changelogs.feed({ public_slug: changelog.slug! })).xml).toContain('<title><![CDATA[npm i]]></title>');
  });

  it('works out a blog post title from its markdown while its rendering is of a version before titles were kept', async () => {
    const caller = await author();
    const post = await publishBlogPost(caller, '# Kept since version 4\n\nBody.');
    await database.db.update(blogPosts).set({ rendered: { html: '<p>v3</p>', summary: 's', excerpt: 'e', version: 3 } as never }).where(eq(blogPosts.id, post.id));
    invalidatePublicContent();
    expect((await caller.blogPosts.manage.get({ id: post.id })).title).toBe('Kept since version 4');
    expect((await caller.blogPosts.page({ public_slug: post.slug! })).title).toBe('Kept since version 4');
  });
});

describe('the startup job that rewrites older renderings', () => {
  it('rewrites every older or missing rendering once, leaves current ones and updated_at alone, and the pages follow', async () => {
    const caller = await author();
    const old = await publishChangelog(caller, { title: 'Old', content: 'Now *fixed*.' });
    const missing = await publishBlogPost(caller, '# Missing\n\nA **post**.');
    const set = await publishKbSet(caller, [{ category: 'Start', title: 'Install', body: 'Run `it`.' }]);
    const current = await publishChangelog(caller, { title: 'Current', content: 'Current.' });
    await database.db.update(changelogs).set({ rendered: { html: '<p>v1</p>', summary: 'v1', entries: [] } }).where(eq(changelogs.id, old.id));
    await database.db.update(blogPosts).set({ rendered: sql`null` }).where(eq(blogPosts.id, missing.id));
    await database.db.update(kbSets).set({ rendered: { articles: [{ html: '<p>v1</p>', text: 'v1' }], version: RENDERED_VERSION - 1 } }).where(eq(kbSets.id, set.id));
    // a current rendering is trusted as stored: the job must not rewrite it
    const marker = { html: '<p>current, kept</p>', summary: 'kept', entries: [], version: RENDERED_VERSION };
    await database.db.update(changelogs).set({ rendered: marker }).where(eq(changelogs.id, current.id));
    const updatedAt = async () => (await database.db.select({ at: changelogs.updatedAt }).from(changelogs).where(eq(changelogs.id, old.id)))[0]!.at;
    const before = await updatedAt();

    // other tests' rows may be stale too: at least these three, then none
    expect(await rerenderStaleContent(database.db)).toBeGreaterThanOrEqual(3);
    expect(await rerenderStaleContent(database.db)).toBe(0);

    const rowOf = async (table: typeof changelogs | typeof blogPosts | typeof kbSets, id: string) =>
      (await database.db.select({ rendered: table.rendered }).from(table).where(eq(table.id, id)))[0]!.rendered;
    expect(await rowOf(changelogs, old.id)).toEqual({ html: '<p>Now <em>fixed</em>.</p>\n', summary: 'Now fixed.', entries: [], version: RENDERED_VERSION });
    expect(await rowOf(blogPosts, missing.id)).toMatchObject({ html: expect.stringContaining('<strong>post</strong>'), version: RENDERED_VERSION });
    expect(await rowOf(kbSets, set.id)).toEqual({ articles: [{ html: '<p>Run <code>it</code>.</p>\n', text: 'Run it.' }], version: RENDERED_VERSION });
    expect(await rowOf(changelogs, current.id)).toEqual(marker);
    expect(await updatedAt()).toEqual(before);
    // the job cleared the public caches: the page shows the new rendering at once
    expect((await caller.changelogs.page({ public_slug: old.slug! })).html).toBe('<p>Now <em>fixed</em>.</p>\n');
  });

  it('skips a row it cannot render, says which, and still rewrites the others, once', async () => {
    const caller = await author();
    const broken = await caller.kbSets.manage.save({ title: 'Broken', articles: [{ category: 'A', title: 'T', body: 'b' }] });
    const fine = await publishChangelog(caller, { title: 'Fine', content: 'Fine *now*.' });
    await database.db.update(kbSets).set({ articles: sql`'{"not":"a list"}'::jsonb`, rendered: sql`null` }).where(eq(kbSets.id, broken.id));
    await database.db.update(changelogs).set({ rendered: sql`null` }).where(eq(changelogs.id, fine.id));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await rerenderStaleContent(database.db)).toBeGreaterThanOrEqual(1);
      expect(await rerenderStaleContent(database.db)).toBe(0);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`Re-rendering kb_set ${broken.id} failed`));
    } finally {
      errors.mockRestore();
      await database.db.delete(kbSets).where(eq(kbSets.id, broken.id));
    }
    const [row] = await database.db.select({ rendered: changelogs.rendered }).from(changelogs).where(eq(changelogs.id, fine.id));
    expect(row!.rendered).toMatchObject({ html: '<p>Fine <em>now</em>.</p>\n', version: RENDERED_VERSION });
  });

  it('never overwrites a save that lands between its read and its write, nor a newer version\'s rendering', async () => {
    const caller = await author();
    const raced = await publishChangelog(caller, { title: 'Raced', content: 'Before.' });
    const newer = await publishChangelog(caller, { title: 'Newer', content: 'Newer.' });
    await database.db.update(changelogs).set({ rendered: sql`null` }).where(eq(changelogs.id, raced.id));
    const fromNewer = { html: '<p>a newer renderer</p>', summary: 'n', entries: [], version: RENDERED_VERSION + 1 };
    await database.db.update(changelogs).set({ rendered: fromNewer }).where(eq(changelogs.id, newer.id));
    // an instance of the previous release saves the item just before each of the job's writes
    const fromOlder = { html: '<p>saved by an older instance</p>', summary: 'o', entries: [] };
    const racing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          await target.update(changelogs).set({ content: 'Saved meanwhile.', rendered: fromOlder }).where(eq(changelogs.id, raced.id));
          return target.execute(query);
        };
      },
    });
    await rerenderStaleContent(racing);
    const renderedOf = async (id: string) => (await database.db.select({ r: changelogs.rendered }).from(changelogs).where(eq(changelogs.id, id)))[0]!.r;
    expect(await renderedOf(raced.id)).toEqual(fromOlder);
    // read meanwhile, it is rendered from what was saved; the next start writes that
    invalidatePublicContent();
    expect((await caller.changelogs.page({ public_slug: raced.slug! })).html).toBe('<p>Saved meanwhile.</p>\n');
    await rerenderStaleContent(database.db);
    expect(await renderedOf(raced.id)).toMatchObject({ html: '<p>Saved meanwhile.</p>\n', version: RENDERED_VERSION });
    expect(await renderedOf(newer.id)).toEqual(fromNewer);
    expect((await caller.changelogs.page({ public_slug: newer.slug! })).html).toBe('<p>a newer renderer</p>');
  });

  it('stops between two rows when the server stops', async () => {
    const caller = await author();
    const item = await publishChangelog(caller, { title: 'Stopped', content: 'Stopped.' });
    await database.db.update(changelogs).set({ rendered: sql`null` }).where(eq(changelogs.id, item.id));
    // stopped before its first row: nothing is written, and stop waits for the job to end
    const job = startRerender(database.db);
    await job.stop();
    const [row] = await database.db.select({ r: changelogs.rendered }).from(changelogs).where(eq(changelogs.id, item.id));
    expect(row!.r).toBeNull();
  });
});
