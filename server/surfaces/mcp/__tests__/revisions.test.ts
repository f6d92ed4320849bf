import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { randomClientIp, type TestServer } from '@/tests/http';
import { connectClient } from './clients';

// One endpoint, three protocol revisions: 2026-07-28 (stateless, per-request _meta, server/discover,
// caching hints, Mcp-Method/Mcp-Name headers) and the 2025-11-25 and 2025-06-18 handshakes.
let database: DatabaseHandle;
let server: TestServer;
let token: string;
let projectId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
  const owner = await createTestProject(database.db);
  token = owner.token;
  projectId = owner.project.id;
});
afterAll(async () => {
  await server.close();
  await database.close();
});

function rpc(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': randomClientIp(), authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
}

const envelope = (revision = '2026-07-28') => ({
  'io.modelcontextprotocol/protocolVersion': revision,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** A 2026-07-28 request as its clients send it: `_meta` envelope, version, method and name headers. */
function modern(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return rpc({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope() } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...name, ...headers });
}

describe('2026-07-28', () => {
  it('server/discover names the revision, the tools capability and the server', async () => {
    const res = await modern('server/discover');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const { result } = await res.json();
    expect(result.supportedVersions).toContain('2026-07-28');
    expect(result.capabilities.tools).toEqual({ listChanged: false });
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'shipnote' });
    expect(result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
  });

  it('tools/list carries caching hints: the list is the same for every caller', async () => {
    const { result } = await (await modern('tools/list')).json();
    expect(result.tools).toHaveLength(23);
    expect(result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
  });

  it('tools/call runs statelessly, each request on its own', async () => {
    const { result } = await (await modern('tools/call', { name: 'get_project', arguments: {} })).json();
    expect(result.structuredContent).toMatchObject({ id: projectId });
  });

  it('refuses an Mcp-Name header that does not match the tool called', async () => {
    const res = await modern('tools/call', { name: 'get_project', arguments: {} }, { 'mcp-name': 'list_commits' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32020);
  });

  it('answers an unsupported revision with the ones it serves', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope('2099-01-01') } }, { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(JSON.stringify(error.data)).toContain('2026-07-28');
  });

  it('the v2 SDK client negotiates it', async () => {
    const client = await connectClient(server.url, token, '2026-07-28');
    expect(client.revision).toBe('2026-07-28');
    expect(await client.call('get_project')).toMatchObject({ id: projectId });
    await client.close();
  });
});

describe.each(['2025-11-25', '2025-06-18'])('%s', (revision) => {
  it('initialize negotiates it, statelessly, with JSON answers; later requests name it in MCP-Protocol-Version', async () => {
    const init = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const { result } = await init.json();
    expect(result).toMatchObject({ protocolVersion: revision, serverInfo: { name: 'shipnote' }, capabilities: { tools: {} } });

    const headers = { 'mcp-protocol-version': revision };
    expect((await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
    const listed = await (await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)).json();
    expect(listed.result.tools).toHaveLength(23);
    expect(listed.result.ttlMs).toBeUndefined();
    const called = await (await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_project', arguments: {} } }, headers)).json();
    expect(called.result.structuredContent).toMatchObject({ id: projectId });
  });
});
