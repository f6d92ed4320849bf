import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { blogPosts, changelogs, kbSets } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { invalidatePublicContent } from '@/server/content/cache';
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
    });
    expect(JSON.stringify(row!.rendered)).not.toContain('<script');

    await database.db
      .update(changelogs)
      .set({ rendered: { html: '<p>from storage</p>', summary: 'stored summary', entries: [{ category: 'Stored', title: 'Stored entry', html: '<p>entry</p>' }] } })
      .where(eq(changelogs.id, changelog.id));
    invalidatePublicContent();
    const page = await caller.changelogs.page({ public_slug: changelog.slug! });
    expect(page).toMatchObject({ html: '<p>from storage</p>', description: 'stored summary' });
    const { xml } = await caller.changelogs.feed({ public_slug: changelog.slug! });
    expect(xml).toContain('<category><![CDATA[Stored]]></category>');
  });

  it('stores a blog post and each KB article rendered, and their pages read them', async () => {
    const caller = await author();
    const post = await publishBlogPost(caller, '# Title\n\nFirst paragraph.');
    const set = await publishKbSet(caller, [{ category: 'Start', title: 'Install', body: 'Run `npm i`.' }]);
    const [postRow] = await database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(postRow!.rendered).toEqual({ html: '<h1>Title</h1>\n<p>First paragraph.</p>\n', summary: 'First paragraph.', excerpt: 'First paragraph.' });
    const [setRow] = await database.db.select().from(kbSets).where(eq(kbSets.id, set.id));
    expect(setRow!.rendered).toEqual({ articles: [{ html: '<p>Run <code>npm i</code>.</p>\n', text: 'Run npm i.' }] });

    await database.db.update(blogPosts).set({ rendered: { html: '<p>stored post</p>', summary: 's', excerpt: 'e' } }).where(eq(blogPosts.id, post.id));
    await database.db.update(kbSets).set({ rendered: { articles: [{ html: '<p>stored article</p>', text: 't' }] } }).where(eq(kbSets.id, set.id));
    invalidatePublicContent();
    expect((await caller.blogPosts.page({ public_slug: post.slug! })).html).toBe('<p>stored post</p>');
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
});
