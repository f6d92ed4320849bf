import { forgetCredentials } from '@/server/auth/credentials-cache';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { oauthClients, oauthGrants, oauthTokens } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { hashSecret } from '@/server/auth/tokens';
import { issueTokenPair } from '@/server/oauth/token-pairs';
import { revokeConnectedApp } from '@/server/oauth/connected-apps';
import { consent, form, oauthHttp, pkcePair, REDIRECT_URI, registerPublicClient, startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { apiClient, randomClientIp, type TestServer } from '@/tests/http';

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

function rpc(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': randomClientIp(), ...headers },
    body: JSON.stringify(body),
  });
}

const callTool = (token: string, name: string, args: unknown = {}) =>
  rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { authorization: `Bearer ${token}` });

/** An OAuth access token for a new user's new project, through the real flow. */
async function oauthToken() {
  const http = oauthHttp(server.url);
  const client = await registerPublicClient(http);
  const owner = await createTestProject(database.db);
  const pkce = pkcePair();
  const back = await consent(server.url, http, { clientId: client.client_id, userId: owner.user.id, projectId: owner.project.id, challenge: pkce.challenge });
  const res = await http.postForm('/oauth/token', form({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT_URI, client_id: client.client_id, code_verifier: pkce.verifier }));
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  return { ...owner, apiToken: owner.token, clientId: client.client_id, http, ...tokens };
}

async function sdkClient(token: string) {
  const client = new Client({ name: 'endpoint-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

describe('authorization', () => {
  it('answers 401 with the RFC 9728 challenge when no token is sent', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="mcp"`);
    expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('answers 401 before reading the body: without a valid token, neither a large body nor one that is not JSON is read', async () => {
    for (const authorization of [undefined, 'Bearer service_key_unknown']) {
      const large = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp(), ...(authorization && { authorization }) },
        body: 'x'.repeat(6 * 1024 * 1024),
      });
      expect(large.status, authorization).toBe(401);
      expect(await large.json()).toHaveProperty('detail');
    }
  });

  it.each([['an unknown access token', 'service_at_unknown'], ['an unknown API token', 'service_key_unknown'], ['garbage', 'abc']])(
    'adds error="invalid_token" for %s',
    async (_, token) => {
      const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="mcp", error="invalid_token"`,
      );
    },
  );

  it('counts callers without a valid token as anonymous traffic: 401 within the limit, then 429 with Retry-After', async () => {
    const client = { 'x-forwarded-for': randomClientIp() };
    const guess = (i: number) => rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...client, authorization: `Bearer service_key_guess${i}` });
    // the limit's windows turn with the minute: a burst that straddles one is sent again
    let guesses: Response[] = [];
    for (let burst = 0; burst < 3 && !guesses.some((res) => res.status === 429); burst++) guesses = await Promise.all(Array.from({ length: 101 }, (_, i) => guess(i)));
    expect(guesses.every((res) => res.status === 401 || res.status === 429)).toBe(true);
    expect(guesses.filter((res) => res.status === 401).length).toBeLessThanOrEqual(100);
    const refused = guesses.find((res) => res.status === 429)!;
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toEqual({ detail: expect.stringContaining('Rate limit of 100 requests per minute exceeded') });
    expect(guesses.find((res) => res.status === 401)!.headers.get('ratelimit-limit')).toBe('100');
    // a valid token from the same address is not held back by the guesses: tool calls are limited per tool
    const { token } = await createTestProject(database.db);
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...client, authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('accepts project API tokens as plain bearer tokens', async () => {
    const { token, project } = await createTestProject(database.db);
    const res = await callTool(token, 'get_project');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.structuredContent).toMatchObject({ id: project.id, slug: project.slug });
  });

  it('refuses an access token bound to another resource with 401', async () => {
    const { project, user } = await createTestProject(database.db);
    const http = oauthHttp(server.url);
    const client = await registerPublicClient(http);
    const [row] = await database.db.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.clientId, client.client_id));
    // a grant as the token endpoint makes it, but for a resource other than this server's /mcp
    const [grant] = await database.db.insert(oauthGrants).values({ clientId: row!.id, projectId: project.id, userId: user.id, scope: 'mcp', resource: 'https://elsewhere.example/mcp' }).returning();
    const pair = await issueTokenPair(database.db, grant!.id, true);
    const res = await callTool(pair.access_token, 'get_project');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses an expired access token, and tokens of a grant revoked in the dashboard', async () => {
    const first = await oauthToken();
    expect((await callTool(first.access_token, 'get_project')).status).toBe(200);
    await database.db.update(oauthTokens).set({ accessExpiresAt: new Date(Date.now() - 1000) }).where(eq(oauthTokens.accessHash, hashSecret(first.access_token)));
    forgetCredentials(); // verified tokens are reused for a second; the row was rewritten behind its back
    expect((await callTool(first.access_token, 'get_project')).status).toBe(401);

    const second = await oauthToken();
    const [row] = await database.db.select({ grantId: oauthTokens.grantId }).from(oauthTokens).where(eq(oauthTokens.accessHash, hashSecret(second.access_token)));
    await revokeConnectedApp(database.db, { projectId: second.project.id, grantId: row!.grantId });
    expect((await callTool(second.access_token, 'get_project')).status).toBe(401);
    const refresh = await second.http.postForm('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: second.clientId }));
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
  });

  it('never accepts an OAuth access token on the REST API (it is bound to /mcp)', async () => {
    const { access_token } = await oauthToken();
    const res = await apiClient(server.url, { token: access_token })('GET', '/api/v1/me');
    expect(res.status).toBe(401);
    expect((await callTool(access_token, 'get_project')).status).toBe(200);
  });
});

describe('transport', () => {
  it('answers GET and DELETE with 405', async () => {
    const { token } = await createTestProject(database.db);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${server.url}/mcp`, { method, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
    }
  });

  it('answers a body that is not UTF-8 as a parse error, not as text with U+FFFD', async () => {
    const { token } = await createTestProject(database.db);
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_mailing_list', arguments: { name: 'X' } } });
    const [before, after] = message.split('X');
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientIp() },
      body: new Blob([before!, new Uint8Array([0xff, 0xfe]), after!]),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: -32700, message: 'Parse error: the body is not JSON (not UTF-8 text)' });
  });

  it('takes the largest tool input (a knowledge-base set of 200 articles of 20,000 characters) and answers a body past 5 MB with 413', async () => {
    const { token } = await createTestProject(database.db);
    const articles = Array.from({ length: 200 }, (_, i) => ({ category: 'Guides', title: `Article ${i}`, body: 'word '.repeat(4_000) }));
    const saved = await callTool(token, 'save_kb_set', { title: 'Help', articles });
    const answer = await saved.json();
    expect(saved.status).toBe(200);
    expect(answer.result.isError, JSON.stringify(answer).slice(0, 300)).toBeUndefined();
    expect(JSON.parse(answer.result.structuredContent.content).articles).toHaveLength(200);

    const tooLarge = await callTool(token, 'save_kb_set', { articles: [{ category: 'Guides', title: 'Big', body: 'x'.repeat(5 * 1024 * 1024) }] });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toEqual({ code: -32600, message: 'Request body is larger than 5 MB' });
  });

  it('is stateless: no session id, JSON answers', async () => {
    const { token } = await createTestProject(database.db);
    const res = await rpc(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect((await res.json()).result.serverInfo).toMatchObject({ name: 'shipnote' });
  });

  it('leaves stack traces on after each exchange (they are off only while the SDK closes it)', async () => {
    const { token } = await createTestProject(database.db);
    const limit = Error.stackTraceLimit;
    expect(limit).toBeGreaterThan(0);
    const modern = {
      headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'list_mailing_lists' },
      meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} },
    };
    const revisions: { headers: Record<string, string>; meta?: object }[] = [{ headers: { 'mcp-protocol-version': '2025-11-25' } }, modern];
    for (const revision of revisions) {
      const params = { name: 'list_mailing_lists', arguments: {}, ...(revision.meta && { _meta: revision.meta }) };
      const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { authorization: `Bearer ${token}`, ...revision.headers });
      expect(await res.text()).toContain('structuredContent');
      expect(Error.stackTraceLimit).toBe(limit);
    }
  });
});

describe('tools', () => {
  it('describe themselves with input and output schemas and annotations', async () => {
    const { token } = await createTestProject(database.db);
    const client = await sdkClient(token);
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      if (!tool.annotations!.readOnlyHint) {
        expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
        expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
      }
    }
    expect(tools.find((t) => t.name === 'get_project')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'publish_banner')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    await client.close();
  });

  it('get_project returns the project with its URLs and counts as structuredContent and text', async () => {
    const { token, project } = await createTestProject(database.db);
    const client = await sdkClient(token);
    const result = await client.callTool({ name: 'get_project', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      id: project.id,
      name: project.name,
      slug: project.slug,
      created_at: project.created_at,
      urls: {
        dashboard: `${server.url}/p/${project.slug}`,
        changelogs: `${server.url}/api/v1/changelogs?project=${project.slug}`,
        blog_posts: `${server.url}/api/v1/blogs?project=${project.slug}`,
        blog_feed: `${server.url}/api/v1/blogs/feed?project=${project.slug}`,
        mcp: `${server.url}/mcp`,
      },
      counts: {
        changelogs: { draft: 0, published: 0 },
        blog_posts: { draft: 0, published: 0 },
        kb_sets: { draft: 0, published: 0 },
        mailing_lists: 0,
      },
    });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
    await client.close();
  });

  it('mailing list tools return what REST returns, and errors carry the REST detail', async () => {
    const { access_token, apiToken } = await oauthToken();
    const client = await sdkClient(access_token);
    const created = await client.callTool({ name: 'create_mailing_list', arguments: { name: 'Launch' } });
    const list = created.structuredContent as { id: string };
    expect(list).toMatchObject({ name: 'Launch', recipient_count: 0, active_count: 0, removed_count: 0, unsubscribed_count: 0 });

    const rest = apiClient(server.url, { token: apiToken });
    const duplicate = await client.callTool({ name: 'create_mailing_list', arguments: { name: 'Launch' } });
    const restDuplicate = await rest('POST', '/api/v1/email/lists', { name: 'Launch' });
    expect(restDuplicate.status).toBe(409);
    expect(duplicate).toEqual({ isError: true, content: [{ type: 'text', text: restDuplicate.json.detail }] });

    const upsert = await client.callTool({ name: 'upsert_recipients', arguments: { list_id: list.id, recipients: ['a@example.test', { email: 'b@example.test', name: 'B' }] } });
    expect(upsert.structuredContent).toEqual({ added: 2, updated: 0, reactivated: 0, unchanged: 0, skipped_unsubscribed: 0, invalid: [], conflicts: [] });
    const page = await client.callTool({ name: 'list_recipients', arguments: { list_id: list.id, limit: 1 } });
    const restPage = await rest('GET', `/api/v1/email/lists/${list.id}/recipients?limit=1`);
    expect(page.structuredContent).toEqual(restPage.json);
    const removed = await client.callTool({ name: 'remove_recipients', arguments: { list_id: list.id, emails: ['a@example.test', 'zz@example.test'] } });
    expect(removed.structuredContent).toEqual({ removed: 1, already_removed: 0, skipped_unsubscribed: 0, not_found: ['zz@example.test'] });
    const lists = await client.callTool({ name: 'list_mailing_lists', arguments: {} });
    expect(lists.structuredContent).toEqual({ items: (await rest('GET', '/api/v1/email/lists')).json });
    await client.close();
  });

  it('a token sees only its own project: another project\'s list is not found, as on REST', async () => {
    const mine = await createTestProject(database.db);
    const theirs = await createTestProject(database.db);
    const theirList = await apiClient(server.url, { token: theirs.token })('POST', '/api/v1/email/lists', { name: 'Private' });
    const client = await sdkClient(mine.token);
    const result = await client.callTool({ name: 'list_recipients', arguments: { list_id: theirList.json.id } });
    const rest = await apiClient(server.url, { token: mine.token })('GET', `/api/v1/email/lists/${theirList.json.id}/recipients`);
    expect(rest.status).toBe(404);
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: rest.json.detail }] });
    await client.close();
  });

  it('bad input is a tool error, never a server error', async () => {
    const { token } = await createTestProject(database.db);
    const client = await sdkClient(token);
    for (const args of [{ list_id: 'not-a-uuid' }, { list_id: 42 }, {}]) {
      const result = await client.callTool({ name: 'list_recipients', arguments: args as Record<string, unknown> });
      expect(result.isError).toBe(true);
    }
    const banner = await client.callTool({ name: 'publish_banner', arguments: { headline: 'x'.repeat(81), body: 'b', cta_label: 'c' } });
    expect(banner.isError).toBe(true);
    // an entry that is a string or an object: the rule its object broke, at its path
    const key = 'k'.repeat(65);
    const upsert = await client.callTool({ name: 'upsert_recipients', arguments: { list_id: '00000000-0000-4000-8000-000000000000', recipients: [{ email: 'a@example.test', attributes: { [key]: 1 } }] } });
    expect(upsert.isError).toBe(true);
    expect((upsert.content as { text: string }[])[0]!.text).toContain(`recipients.0: attributes.${key}: Keys are at most 64 characters`);
    await client.close();
  });
});
