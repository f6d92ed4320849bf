import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';

let database: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** An MCP client and a REST client for one new project, holding the same API token. */
async function clients() {
  const owner = await createTestProject(database.db);
  const mcp = new Client({ name: 'tools-test', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${owner.token}` } } }));
  // with the tools listed, the SDK client checks every structuredContent against the tool's outputSchema
  await mcp.listTools();
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await mcp.callTool({ name, arguments: args }).catch((error: Error) => {
      throw new Error(`${name}: ${error.message}`);
    });
    if (result.isError) throw new Error(`${name}: ${(result.content as { text: string }[])[0]!.text}`);
    return result.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  return { ...owner, mcp, call, rest: apiClient(server.url, { token: owner.token }) };
}

it('tools/list shows exactly the 23 tools of decisions.md', async () => {
  const { mcp } = await clients();
  const { tools } = await mcp.listTools();
  expect(tools.map((t) => t.name)).toEqual([
    'get_project',
    'list_commits',
    'generate_changelog',
    'list_changelogs',
    'get_changelog',
    'save_changelog',
    'list_blog_posts',
    'get_blog_post',
    'save_blog_post',
    'list_kb_sets',
    'get_kb_set',
    'save_kb_set',
    'publish_content',
    'unpublish_content',
    'get_banner',
    'publish_banner',
    'take_down_banner',
    'list_mailing_lists',
    'create_mailing_list',
    'list_recipients',
    'upsert_recipients',
    'remove_recipients',
    'send_release_email',
  ]);
  const readOnly = tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name);
  expect(readOnly).toEqual(['get_project', 'list_commits', 'list_changelogs', 'get_changelog', 'list_blog_posts', 'get_blog_post', 'list_kb_sets', 'get_kb_set', 'get_banner', 'list_mailing_lists', 'list_recipients']);
  await mcp.close();
});

describe('content tools', () => {
  it('save, get, list, publish and unpublish a changelog; the public REST answer agrees', async () => {
    const { call, rest, mcp } = await clients();
    const draft = await call('save_changelog', { title: 'Week 12', version: '1.4.0', content: '## Added\n- Dark mode' });
    expect(draft).toMatchObject({ kind: 'changelog', status: 'draft', slug: null, title: 'Week 12' });
    expect(await call('get_changelog', { id: draft.id })).toEqual(draft);
    expect((await call('list_changelogs', { status: 'draft' })).items).toEqual([draft]);
    const updated = await call('save_changelog', { id: draft.id, title: 'Week 12', content: '## Added\n- Dark mode\n- Export' });
    expect(updated.content).toContain('Export');

    const published = await call('publish_content', { kind: 'changelog', id: draft.id });
    expect(published).toMatchObject({ kind: 'changelog', status: 'published', slug: expect.any(String) });
    const publicAnswer = await rest('GET', `/api/v1/changelog/${published.slug}`);
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.json).toMatchObject({ id: draft.id, title: 'Week 12', version: '1.4.0' });

    const unpublished = await call('unpublish_content', { kind: 'changelog', id: draft.id });
    expect(unpublished.status).toBe('draft');
    expect((await rest('GET', `/api/v1/changelog/${published.slug}`)).status).toBe(404);
    expect((await call('publish_content', { kind: 'changelog', id: draft.id })).slug).toBe(published.slug);
    await mcp.close();
  });

  it('save and publish a blog post and a KB set', async () => {
    const { call, mcp } = await clients();
    const post = await call('save_blog_post', { content: '# Shipping faster\n\nWe cut build times in half.' });
    expect(post).toMatchObject({ kind: 'blog_post', title: 'Shipping faster', status: 'draft' });
    expect(await call('get_blog_post', { id: post.id })).toEqual(post);
    expect((await call('list_blog_posts')).items.map((p: { id: string }) => p.id)).toEqual([post.id]);
    expect((await call('publish_content', { kind: 'blog_post', id: post.id })).status).toBe('published');

    const set = await call('save_kb_set', { articles: [{ category: 'Billing', title: 'Refunds', body: 'Ask us within 30 days.' }] });
    expect(set).toMatchObject({ kind: 'kb_set', status: 'draft' });
    expect(JSON.parse((await call('get_kb_set', { id: set.id })).content).articles[0]).toMatchObject({ title: 'Refunds' });
    expect((await call('list_kb_sets', { status: 'draft' })).items).toHaveLength(1);
    expect((await call('publish_content', { kind: 'kb_set', id: set.id })).slug).toEqual(expect.any(String));
    await mcp.close();
  });

  it('publish_content with publish_at schedules a draft, with a release email list; unpublish_content cancels', async () => {
    const { call, mcp } = await clients();
    const list = await call('create_mailing_list', { name: 'Early readers' });
    const draft = await call('save_changelog', { title: 'Next quarter', content: '## Added\n- Plans' });
    // far ahead, so no scheduler of another test file publishes it meanwhile
    const at = new Date(Date.now() + 300 * 86_400_000).toISOString();
    const scheduled = await call('publish_content', { kind: 'changelog', id: draft.id, publish_at: at, email_list_id: list.id });
    expect(scheduled).toMatchObject({ kind: 'changelog', status: 'draft', slug: null, public_url: null, publish_at: at, publish_email_list_id: list.id });
    expect(await call('get_changelog', { id: draft.id })).toEqual(scheduled);
    expect((await call('list_changelogs', { status: 'draft' })).items).toEqual([scheduled]);

    const past = await mcp.callTool({ name: 'publish_content', arguments: { kind: 'changelog', id: draft.id, publish_at: '2020-01-01T00:00:00Z' } });
    expect(past).toEqual({ isError: true, content: [{ type: 'text', text: 'publish_at is in the past; leave it out to publish now' }] });
    const set = await call('save_kb_set', { articles: [{ category: 'A', title: 'B', body: 'C' }] });
    const kbEmail = await mcp.callTool({ name: 'publish_content', arguments: { kind: 'kb_set', id: set.id, publish_at: at, email_list_id: list.id } });
    expect(kbEmail.isError).toBe(true);

    const cancelled = await call('unpublish_content', { kind: 'changelog', id: draft.id });
    expect(cancelled).toMatchObject({ status: 'draft', publish_at: null, publish_email_list_id: null });
    await mcp.close();
  });

  it("cannot reach another project's item: the same not-found message as everywhere", async () => {
    const mine = await clients();
    const theirs = await clients();
    const item = await theirs.call('save_changelog', { title: 'Secret', content: 'x' });
    const result = await mine.mcp.callTool({ name: 'get_changelog', arguments: { id: item.id } });
    expect(result.isError).toBe(true);
    const publish = await mine.mcp.callTool({ name: 'publish_content', arguments: { kind: 'changelog', id: item.id } });
    expect(publish).toEqual({ isError: true, content: [{ type: 'text', text: (result.content as { text: string }[])[0]!.text }] });
    await mine.mcp.close();
    await theirs.mcp.close();
  });
});

describe('commit tools', () => {
  it('list_commits returns what POST /commits recorded, and generate_changelog drafts from a window', async () => {
    const { call, rest, mcp } = await clients();
    const pushed = await rest('POST', '/api/v1/commits', {
      commits: [
        { sha: 'a'.repeat(40), message: 'feat: dark mode', authored_at: '2026-03-02T10:00:00Z' },
        { sha: 'b'.repeat(40), message: 'fix: login redirect', authored_at: '2026-03-03T10:00:00Z' },
      ],
    });
    expect(pushed.json).toEqual({ received: 2, added: 2, duplicates: 0 });
    const listed = await call('list_commits', { since: '2026-03-01', until: '2026-03-31' });
    expect(listed.items.map((c: { sha: string }) => c.sha)).toEqual(['b'.repeat(40), 'a'.repeat(40)]);
    const changelog = await call('generate_changelog', { since: '2026-03-01', until: '2026-03-31' });
    expect(changelog).toMatchObject({ kind: 'changelog', status: 'draft', commit_count: 2, period_start: '2026-03-01', period_end: '2026-03-31' });
    expect(changelog).not.toHaveProperty('kb_set');
    await mcp.close();
  });

  it('generate_changelog with include_kb_set also drafts the KB set, which stays a draft until publish_content', async () => {
    const { call, rest, mcp } = await clients();
    await rest('POST', '/api/v1/commits', {
      commits: [
        { sha: 'c'.repeat(40), message: 'feat(exports): CSV exports\n\nEvery list has an Export button.', authored_at: '2026-05-02T10:00:00Z' },
        { sha: 'd'.repeat(40), message: 'feat(api)!: drop v0\n\nBREAKING CHANGE: call /api/v1 instead.', authored_at: '2026-05-03T10:00:00Z' },
        { sha: 'e'.repeat(40), message: 'fix: login redirect', authored_at: '2026-05-04T10:00:00Z' },
      ],
    });
    const { tools } = await mcp.listTools();
    const tool = tools.find((t) => t.name === 'generate_changelog')!;
    expect(tool.inputSchema.required).toEqual(['since', 'until']);
    expect(tool.inputSchema.properties).toHaveProperty('include_kb_set');

    const result = await call('generate_changelog', { since: '2026-05-01', until: '2026-05-31', include_kb_set: true });
    expect(result).toMatchObject({ kind: 'changelog', status: 'draft', commit_count: 3, kb_set: { kind: 'kb_set', status: 'draft', slug: null } });
    const articles = JSON.parse(result.kb_set.content).articles;
    expect(articles.map((a: { category: string; title: string }) => [a.category, a.title])).toEqual([['api', 'Drop v0'], ['exports', 'CSV exports']]);
    expect(articles[0].body).toContain('### Migration notes\n\nCall /api/v1 instead.');
    expect(await call('get_kb_set', { id: result.kb_set.id })).toEqual(result.kb_set);
    expect((await call('list_kb_sets', { status: 'draft' })).items).toHaveLength(1);

    const published = await call('publish_content', { kind: 'kb_set', id: result.kb_set.id });
    const page = await rest('GET', `/api/v1/kb/${published.slug}`);
    expect(page.status).toBe(200);
    expect(JSON.parse(page.json.content).articles).toEqual(articles);

    const refused = await mcp.callTool({ name: 'generate_changelog', arguments: { since: '2020-01-01', until: '2020-01-02', include_kb_set: true } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]!.text).toBe('No commits recorded from 2020-01-01 to 2020-01-02');
    await mcp.close();
  });
});

describe('send_release_email', () => {
  it('queues a published changelog for the active recipients, and refuses a draft with a tool error', async () => {
    const { call, mcp } = await clients();
    const list = await call('create_mailing_list', { name: 'Customers' });
    await call('upsert_recipients', { list_id: list.id, recipients: ['ada@example.test', 'bob@example.test'] });
    const draft = await call('save_changelog', { title: 'Week 13', content: '## Fixed\n- Exports' });
    const refused = await mcp.callTool({ name: 'send_release_email', arguments: { list_id: list.id, kind: 'changelog', id: draft.id } });
    expect(refused.isError).toBe(true);
    await call('publish_content', { kind: 'changelog', id: draft.id });
    const send = await call('send_release_email', { list_id: list.id, kind: 'changelog', id: draft.id });
    expect(send).toMatchObject({ list_id: list.id, kind: 'changelog', item_id: draft.id, total: 2 });
    await mcp.close();
  });
  it("skips addresses on the project's suppression list and counts them by reason in the optional `suppressed` field", async () => {
    const { call, rest, mcp } = await clients();
    const list = await call('create_mailing_list', { name: 'Suppressed' });
    await call('upsert_recipients', { list_id: list.id, recipients: ['kept@example.test', 'bounced@example.test'] });
    expect((await rest('POST', '/api/v1/email/suppressions', { email: 'bounced@example.test' })).status).toBe(200);
    const draft = await call('save_changelog', { title: 'Week 14', content: '## Fixed\n- Imports' });
    await call('publish_content', { kind: 'changelog', id: draft.id });
    const send = await call('send_release_email', { list_id: list.id, kind: 'changelog', id: draft.id });
    expect(send).toMatchObject({ total: 2, skipped: 1, suppressed: { total: 1, hard_bounce: 0, complaint: 0, manual: 1 } });
    // the recipient's own status is untouched
    expect((await call('list_recipients', { list_id: list.id, status: 'active' })).items).toHaveLength(2);
    await mcp.close();
  });
});
