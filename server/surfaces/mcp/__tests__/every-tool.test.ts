import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer } from '@/tests/http';
import { TOOL_NAMES } from '../server';
import { connectClient } from './clients';

// Issue 13: send_release_email's structuredContent failed its own outputSchema, so SDK clients refused
// the result. Every tool is called here with the SDK clients of both protocol eras, which check each
// structuredContent against the tool's listed outputSchema; any mismatch fails the call.
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

describe.each(['2025-11-25', '2026-07-28'] as const)('with the SDK client on %s', (revision) => {
  it('every one of the 23 tools answers a result that fits its declared output schema', { timeout: 90_000 }, async () => {
    const { token } = await createTestProject(database.db);
    const client = await connectClient(server.url, token, revision);
    expect(client.revision).toBe(revision);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(tools.every((t) => t.outputSchema?.type === 'object')).toBe(true);

    const called = new Set<string>();
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      called.add(name);
      return client.call(name, args);
    };
    const rest = apiClient(server.url, { token });
    await rest('POST', '/api/v1/commits', {
      commits: [
        { sha: 'c'.repeat(40), message: 'feat: exports in CSV', authored_at: '2026-04-02T10:00:00Z' },
        { sha: 'd'.repeat(40), message: 'fix: timezone of digests', authored_at: '2026-04-03T10:00:00Z' },
      ],
    });

    expect((await call('get_project')).counts.mailing_lists).toBe(0);
    expect((await call('list_commits', { since: '2026-04-01', until: '2026-04-30', limit: 10 })).items).toHaveLength(2);
    const generated = await call('generate_changelog', { since: '2026-04-01', until: '2026-04-30' });
    const changelog = await call('save_changelog', { id: generated.id, title: 'April', version: '2.0.0', content: '## Added\n- Exports in CSV' });
    expect(await call('get_changelog', { id: changelog.id })).toEqual(changelog);
    expect((await call('list_changelogs', { status: 'draft' })).items.map((c: { id: string }) => c.id)).toEqual([changelog.id]);

    const post = await call('save_blog_post', { content: '# April in review\n\nExports, and digests on time.' });
    expect(await call('get_blog_post', { id: post.id })).toEqual(post);
    expect((await call('list_blog_posts')).items).toHaveLength(1);

    const set = await call('save_kb_set', { articles: [{ category: 'Exports', title: 'CSV', body: 'Use **Export**.' }] });
    expect(await call('get_kb_set', { id: set.id })).toEqual(set);
    expect((await call('list_kb_sets')).items).toHaveLength(1);

    for (const [kind, id] of [['changelog', changelog.id], ['blog_post', post.id], ['kb_set', set.id]]) {
      expect(await call('publish_content', { kind, id })).toMatchObject({ kind, id, status: 'published', slug: expect.any(String) });
    }
    expect(await call('unpublish_content', { kind: 'kb_set', id: set.id })).toMatchObject({ status: 'draft' });

    await call('get_banner');
    const banner = await call('publish_banner', { headline: 'CSV exports', body: 'Export any list as CSV.', cta_label: 'Read more', link_url: 'https://example.test/april' });
    expect(banner.headline).toBe('CSV exports');
    await call('get_banner');
    await call('take_down_banner', { at: new Date(Date.now() + 3_600_000).toISOString() });
    await call('take_down_banner');

    const list = await call('create_mailing_list', { name: 'Customers' });
    expect((await call('upsert_recipients', { list_id: list.id, recipients: ['ada@example.test', { email: 'bob@example.test', name: 'Bob', external_id: 'u-2' }, 'eve@example.test'] })).added).toBe(3);
    expect((await call('list_recipients', { list_id: list.id, limit: 2 })).items).toHaveLength(2);
    expect(await call('remove_recipients', { list_id: list.id, emails: ['eve@example.test'] })).toMatchObject({ removed: 1 });
    expect((await call('list_mailing_lists')).items).toMatchObject([{ id: list.id, active_count: 2 }]);

    // the tool of the issue, for both kinds it sends
    const send = await call('send_release_email', { list_id: list.id, kind: 'changelog', id: changelog.id });
    expect(send).toMatchObject({ list_id: list.id, kind: 'changelog', item_id: changelog.id, total: 2 });
    expect(await call('send_release_email', { list_id: list.id, kind: 'blog_post', id: post.id })).toMatchObject({ kind: 'blog_post', total: 2 });

    expect([...called].sort()).toEqual([...TOOL_NAMES].sort());
    await client.close();
  });
});
