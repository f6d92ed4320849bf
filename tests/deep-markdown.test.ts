import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { blogPosts, changelogs } from '@/db/schema';
import { MARKDOWN_DEPTH_ERROR } from '@/server/markdown/limits';
import { tokenCaller } from '@/server/content/__tests__/helpers';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';

// Deep nesting overflowed the renderer's stack: save_blog_post answered 500 at 3,000 `>`, and a
// changelog of 20,000 made its page and feed answer 500 for good.
const DEEP = {
  quotes: '>'.repeat(3_000) + ' deep',
  lists: Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'),
  'raw tags': '<em>'.repeat(3_000) + 'deep',
  emphasis: '*'.repeat(3_000) + 'deep' + '*'.repeat(3_000),
};

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

async function agent() {
  const owner = await createTestProject(database.db);
  const mcp = new Client({ name: 'deep-markdown-test', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${owner.token}` } } }));
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await mcp.callTool({ name, arguments: args });
    return { isError: Boolean(result.isError), text: (result.content as { text: string }[])[0]?.text ?? '', structured: result.structuredContent as Record<string, string> };
  };
  return { ...owner, call, rest: apiClient(server.url, { token: owner.token }) };
}

describe('content nesting deeper than the limit', () => {
  it.each(Object.entries(DEEP))('is refused at save with a tool error naming the limit: %s', async (_, content) => {
    const { call } = await agent();
    for (const [tool, args] of [
      ['save_blog_post', { content }],
      ['save_changelog', { title: 'Deep', content }],
      ['save_kb_set', { articles: [{ category: 'Deep', title: 'Deep', body: content }] }],
    ] as const) {
      const result = await call(tool, args);
      expect(result.isError, tool).toBe(true);
      expect(result.text, tool).toContain(MARKDOWN_DEPTH_ERROR);
    }
  });

  it('is refused as invalid input to the dashboard procedures, naming the limit', async () => {
    const { token } = await createTestProject(database.db);
    const caller = await tokenCaller(token);
    await expect(caller.blogPosts.manage.save({ content: DEEP.quotes })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(MARKDOWN_DEPTH_ERROR) });
    await expect(caller.changelogs.manage.save({ title: 'Deep', content: DEEP.lists })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('stored before the limit, still renders: public page data and feeds answer 200', async () => {
    const { call, rest, project } = await agent();
    const changelog = await call('save_changelog', { title: 'Deep', content: '## Fixed\n\n- shallow' });
    const post = await call('save_blog_post', { content: '# Deep\n\nshallow' });
    expect([changelog.isError, post.isError]).toEqual([false, false]);
    for (const [kind, id] of [['changelog', changelog.structured.id], ['blog_post', post.structured.id]]) {
      expect((await call('publish_content', { kind, id })).isError).toBe(false);
    }
    // as written before the limit existed (or by a verb that does not validate)
    const deep = `## Fixed\n\n- ${DEEP.quotes}\n- ${'>'.repeat(20_000)} deeper\n\n${DEEP.lists}\n\n${DEEP['raw tags']}\n\n${DEEP.emphasis}`;
    await database.db.update(changelogs).set({ content: deep }).where(eq(changelogs.id, changelog.structured.id!));
    await database.db.update(blogPosts).set({ content: `# Deep\n\n${deep}` }).where(eq(blogPosts.id, post.structured.id!));

    const [changelogSlug, postSlug] = [(await call('get_changelog', { id: changelog.structured.id })).structured.slug, (await call('get_blog_post', { id: post.structured.id })).structured.slug];
    for (const path of [`/api/v1/changelog/${changelogSlug}/feed`, `/api/v1/blog/${postSlug}/feed`, `/api/v1/blogs/feed?project=${project.slug}`]) {
      const res = await rest('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('deep');
    }
    // and the agent can still read and replace it
    expect((await call('get_changelog', { id: changelog.structured.id })).isError).toBe(false);
    expect((await call('save_changelog', { id: changelog.structured.id, title: 'Fixed', content: '## Fixed\n\n- shallow again' })).isError).toBe(false);
  });
});
