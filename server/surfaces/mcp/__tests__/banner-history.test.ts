import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { flushReach } from '@/server/banner/reach';
import { consent, form, oauthHttp, pkcePair, REDIRECT_URI, registerPublicClient, startOAuthServer } from '@/server/oauth/__tests__/helpers';
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

/** An SDK client that checks every structuredContent against the tool's output schema (tools listed first). */
async function connect(token: string) {
  const mcp = new Client({ name: 'banner-history-test', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  await mcp.listTools();
  return async (name: string, args: Record<string, unknown> = {}) => {
    const result = await mcp.callTool({ name, arguments: args });
    if (result.isError) throw new Error((result.content as { text: string }[])[0]!.text);
    return result.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

/** An OAuth access token of a registered agent ("Test agent") for a new project, through the real flow. */
async function agentToken() {
  const http = oauthHttp(server.url);
  const client = await registerPublicClient(http);
  const owner = await createTestProject(database.db);
  const pkce = pkcePair();
  const back = await consent(server.url, http, { clientId: client.client_id, userId: owner.user.id, projectId: owner.project.id, challenge: pkce.challenge });
  const res = await http.postForm('/oauth/token', form({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT_URI, client_id: client.client_id, code_verifier: pkce.verifier }));
  return { ...owner, accessToken: ((await res.json()) as { access_token: string }).access_token };
}

const CONTENT = { headline: 'Webhooks', body: 'Get a POST on every publish.', cta_label: 'Docs', link_url: 'https://example.com/webhooks' };

it('get_banner reports the history with who published (agent, API key) and reach; publish_banner republishes by id', async () => {
  const agent = await agentToken();
  const asAgent = await connect(agent.accessToken);
  const asKey = await connect(agent.token);
  const first = await asAgent('publish_banner', CONTENT);
  await asKey('publish_banner', { ...CONTENT, headline: 'Search' });

  await apiClient(server.url)('POST', '/api/v1/banner/events', { key: first.slug, published_at: (await asKey('get_banner')).banner.published_at, type: 'view', page_url: 'https://acme.example/' });
  await flushReach(database.db);

  const state = await asAgent('get_banner');
  expect(state.history.map((entry: any) => [entry.banner.headline, entry.published_by.kind, entry.published_by.name])).toEqual([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['Search', 'api_key', 'test'],
    ['Webhooks', 'agent', 'Test agent'],
  ]);
  expect(state.history[0]).toMatchObject({ live: true, impressions: 1, clicks: 0 });
  expect(state.reach_pages).toMatchObject([{ url: 'https://acme.example/', host: 'acme.example', impressions: 1, trusted: false }]);

  const earlier = state.history[1];
  const again = await asAgent('publish_banner', { republish_id: earlier.id });
  expect(again).toMatchObject({ headline: 'Webhooks', slug: first.slug });
  const after = await asKey('get_banner');
  expect(after.banner.headline).toBe('Webhooks');
  expect(after.history[0]).toMatchObject({ republished_from_id: earlier.id, published_by: { kind: 'agent', person: agent.user.email } });
});

it('publish_banner refuses republish_id with other fields, and an id of another project, as tool errors', async () => {
  const mine = await createTestProject(database.db);
  const theirs = await createTestProject(database.db);
  await (await connect(theirs.token))('publish_banner', CONTENT);
  const theirId = (await (await connect(theirs.token))('get_banner')).history[0].id;
  const call = await connect(mine.token);
  await expect(call('publish_banner', { republish_id: theirId })).rejects.toThrow('Banner not found');
  await expect(call('publish_banner', { republish_id: theirId, headline: 'Mixed' })).rejects.toThrow(/Not allowed with republish_id/);
});
