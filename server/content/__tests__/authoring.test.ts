import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { publishBlogPost, publishChangelog, publishKbSet, tokenCaller, type TokenCaller } from './helpers';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function author(name?: string): Promise<{ caller: TokenCaller; projectSlug: string }> {
  const { token, project } = await createTestProject(database.db, name);
  return { caller: await tokenCaller(token), projectSlug: project.slug };
}

describe('changelog authoring', () => {
  it('creates a draft without a slug, then publishing gives a slug from the project and version', async () => {
    const { caller, projectSlug } = await author();
    const draft = await caller.changelogs.manage.save({ title: 'Faster exports', version: '1.2.0', content: '## Added\n\n- CSV' });
    expect(draft).toMatchObject({ kind: 'changelog', status: 'draft', slug: null, published_at: null, public_url: null, version: '1.2.0' });
    expect(draft.period_start).toBeNull();

    const published = await caller.content.publish({ kind: 'changelog', id: draft.id });
    expect(published).toMatchObject({ kind: 'changelog', status: 'published', slug: `${projectSlug}-1-2-0` });
    expect(published.public_url).toBe(`http://localhost:3000/changelog/${projectSlug}-1-2-0`);
    expect(Date.parse(published.published_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps slug and published_at across edits, unpublish and republish', async () => {
    const { caller } = await author();
    const first = await publishChangelog(caller, { title: 'Spring release', content: 'one' });
    const edited = await caller.changelogs.manage.save({ id: first.id, title: 'Renamed entirely', content: 'two' });
    expect(edited).toMatchObject({ slug: first.slug, status: 'published', title: 'Renamed entirely' });

    const unpublished = await caller.content.unpublish({ kind: 'changelog', id: first.id });
    expect(unpublished).toMatchObject({ status: 'draft', slug: first.slug, public_url: null });
    const again = await caller.content.publish({ kind: 'changelog', id: first.id });
    expect(again).toMatchObject({ status: 'published', slug: first.slug, published_at: first.published_at });
  });

  it('gives a different slug when the words are taken in the project', async () => {
    const { caller, projectSlug } = await author();
    const a = await publishChangelog(caller, { title: 'Weekly', content: 'a' });
    const b = await publishChangelog(caller, { title: 'Weekly', content: 'b' });
    expect(a.slug).toBe(`${projectSlug}-weekly`);
    expect(b.slug).toMatch(new RegExp(`^${projectSlug}-weekly-[0-9a-f]{6}$`));
  });

  it('writes optional fields only when sent; null clears them', async () => {
    const { caller } = await author();
    const draft = await caller.changelogs.manage.save({ title: 'T', content: 'c', version: 'v2', period_start: '2026-01-01', period_end: '2026-01-31T12:00:00Z', commit_count: 7 });
    expect(draft).toMatchObject({ period_start: '2026-01-01', period_end: '2026-01-31', commit_count: 7 });
    const kept = await caller.changelogs.manage.save({ id: draft.id, title: 'T2', content: 'c2' });
    expect(kept).toMatchObject({ version: 'v2', period_start: '2026-01-01', commit_count: 7 });
    const cleared = await caller.changelogs.manage.save({ id: draft.id, title: 'T2', content: 'c2', version: null, commit_count: null });
    expect(cleared).toMatchObject({ version: null, commit_count: null, period_end: '2026-01-31' });
  });

  it('refuses a period that ends before it starts, also against the stored bound', async () => {
    const { caller } = await author();
    await expect(caller.changelogs.manage.save({ title: 'T', content: 'c', period_start: '2026-02-01', period_end: '2026-01-01' })).rejects.toThrow(/period_end/);
    const draft = await caller.changelogs.manage.save({ title: 'T', content: 'c', period_start: '2026-02-01' });
    await expect(caller.changelogs.manage.save({ id: draft.id, title: 'T', content: 'c', period_end: '2026-01-01' })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    expect((await caller.changelogs.manage.get({ id: draft.id })).period_end).toBeNull();
  });

  it('lists drafts and published items, filtered by status', async () => {
    const { caller } = await author();
    const draft = await caller.changelogs.manage.save({ title: 'Draft', content: 'd' });
    const live = await publishChangelog(caller, { title: 'Live', content: 'l' });
    expect((await caller.changelogs.manage.list({})).map((c) => c.id)).toEqual([live.id, draft.id]);
    expect((await caller.changelogs.manage.list({ status: 'draft' })).map((c) => c.id)).toEqual([draft.id]);
    expect((await caller.changelogs.manage.list({ status: 'published' })).map((c) => c.id)).toEqual([live.id]);
  });
});

describe('blog post and knowledge-base authoring', () => {
  it('titles a post by its first level-1 heading and dates its period to the day of creation', async () => {
    const { caller, projectSlug } = await author();
    const today = new Date().toISOString().slice(0, 10);
    const draft = await caller.blogPosts.manage.save({ content: 'Lead paragraph.\n\n# How we *halved* build times\n\nBody' });
    expect(draft).toMatchObject({ kind: 'blog_post', title: 'How we halved build times', period_start: today, period_end: today, status: 'draft' });
    const published = await caller.content.publish({ kind: 'blog_post', id: draft.id });
    expect(published.slug).toBe(`${projectSlug}-how-we-halved-build-times`);
  });

  it('stores KB articles, replaces them on save, and serves them as a JSON content string', async () => {
    const { caller, projectSlug } = await author();
    const draft = await caller.kbSets.manage.save({ articles: [{ category: 'Start', title: 'Install', body: 'npm i' }] });
    expect(draft).toMatchObject({ kind: 'kb_set', title: 'Help center', source: null });
    expect(JSON.parse(draft.content)).toEqual({ articles: [{ category: 'Start', title: 'Install', body: 'npm i' }] });
    const saved = await caller.kbSets.manage.save({ id: draft.id, articles: [{ category: 'Use', title: 'Run', body: 'go' }] });
    expect(JSON.parse(saved.content).articles).toEqual([{ category: 'Use', title: 'Run', body: 'go' }]);
    expect(saved.title).toBe('Help center');
    const published = await caller.content.publish({ kind: 'kb_set', id: draft.id });
    expect(published.slug).toBe(`${projectSlug}-help-center`);
  });

  it('keeps the mirror fields of a set synced from an external help center', async () => {
    const { caller } = await author();
    const source = { provider: 'zendesk', article_id: '42', url: 'https://help.example.test/a/42', updated_at: '2026-03-01T10:00:00Z' };
    const set = await caller.kbSets.manage.save({
      title: 'Mirrored',
      source: 'zendesk',
      source_url: 'https://help.example.test',
      synced_at: '2026-03-02T00:00:00Z',
      articles: [{ category: 'FAQ', title: 'Billing', body: 'Pay', source }],
    });
    expect(set).toMatchObject({ source: 'zendesk', source_url: 'https://help.example.test', synced_at: '2026-03-02T00:00:00.000Z' });
    expect(JSON.parse(set.content).articles[0].source).toEqual(source);
  });

  it('refuses script URLs as mirror sources', async () => {
    const { caller } = await author();
    await expect(
      caller.kbSets.manage.save({ articles: [], source: 'x', source_url: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('isolation between projects', () => {
  it('answers NOT_FOUND for another project\'s items on every authoring verb', async () => {
    const owner = await author();
    const other = await author();
    const changelog = await owner.caller.changelogs.manage.save({ title: 'Mine', content: 'x' });
    const post = await owner.caller.blogPosts.manage.save({ content: '# Mine' });
    const set = await owner.caller.kbSets.manage.save({ articles: [] });
    for (const [kind, id] of [['changelog', changelog.id], ['blog_post', post.id], ['kb_set', set.id]] as const) {
      await expect(other.caller.content.publish({ kind, id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(other.caller.content.unpublish({ kind, id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(other.caller.changelogs.manage.get({ id: changelog.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.changelogs.manage.save({ id: changelog.id, title: 'x', content: 'y' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.blogPosts.manage.get({ id: post.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.blogPosts.manage.save({ id: post.id, content: 'y' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.kbSets.manage.get({ id: set.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.caller.kbSets.manage.save({ id: set.id, articles: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await other.caller.changelogs.manage.list({})).toEqual([]);
    expect((await owner.caller.changelogs.manage.get({ id: changelog.id })).status).toBe('draft');
  });

  it('refuses authoring without a valid token', async () => {
    const anonymous = await tokenCaller('service_key_nope');
    await expect(anonymous.changelogs.manage.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.content.publish({ kind: 'changelog', id: crypto.randomUUID() })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('dashboard procedures', () => {
  async function sessionCaller(userId: string | null, project?: string) {
    const { createContext } = await import('@/server/context');
    const { createCaller } = await import('@/server/root');
    return createCaller(await createContext({ headers: new Headers(), sessionUserId: userId , project }));
  }

  it('lets members author their own project and no other', async () => {
    const mine = await createTestProject(database.db);
    const theirs = await createTestProject(database.db);
    const draft = await (await sessionCaller(mine.user.id, mine.project.id)).changelogs.manage.save({ title: 'From the dashboard', content: '- a' });
    const published = await (await sessionCaller(mine.user.id, mine.project.id)).content.publish({ kind: 'changelog', id: draft.id });
    expect(published.status).toBe('published');
    await expect((await sessionCaller(mine.user.id, theirs.project.id)).changelogs.manage.list({})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect((await sessionCaller(mine.user.id, theirs.project.id)).kbSets.manage.save({ articles: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect((await sessionCaller(theirs.user.id, theirs.project.id)).content.unpublish({ kind: 'changelog', id: draft.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps markdown byte for byte: trailing newlines, leading blank lines and spaces, CRLF', async () => {
    const { caller } = await author();
    const markdown = '\n  # Title  \r\n\n- item\t\n\n';
    const changelog = await publishChangelog(caller, { title: 'Bytes', content: markdown });
    const post = await publishBlogPost(caller, markdown);
    const set = await publishKbSet(caller, [{ category: 'C', title: 'T', body: markdown }]);
    expect((await caller.changelogs.manage.get({ id: changelog.id })).content).toBe(markdown);
    expect((await caller.changelogs.get({ public_slug: changelog.slug! })).content).toBe(markdown);
    expect((await caller.blogPosts.manage.get({ id: post.id })).content).toBe(markdown);
    expect((await caller.blogPosts.get({ public_slug: post.slug! })).content).toBe(markdown);
    expect(JSON.parse((await caller.kbSets.get({ public_slug: set.slug! })).content).articles[0].body).toBe(markdown);
    await expect(caller.blogPosts.manage.save({ content: ' \n\t\n' })).rejects.toThrow(/Content is required/);
  });

  it('previews markdown sanitized, for signed-in users only', async () => {
    const { user } = await createTestProject(database.db);
    const { html } = await (await sessionCaller(user.id)).content.preview({ markdown: '**hi** <img src=x onerror=alert(1)>' });
    // a relative image would load from the page's own path: images need an absolute http(s) source
    expect(html).toBe('<p><strong>hi</strong> </p>\n');
    await expect((await sessionCaller(null)).content.preview({ markdown: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
