import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { oauthClients } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { hashSecret } from '@/server/auth/tokens';
import type { TestServer } from '@/tests/http';
import { insideOneRateWindow } from '@/tests/http';
import { createTestProject } from '@/tests/factories';
import { consent, oauthHttp, pkcePair, REDIRECT_URI, registerPublicClient, startOAuthServer } from './helpers';

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

describe('discovery', () => {
  it.each(['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp'])('%s is RFC 8414 metadata', async (path) => {
    const res = await oauthHttp(server.url).get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      scopes_supported: ['mcp'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });

  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])('%s is RFC 9728 metadata', async (path) => {
    const res = await oauthHttp(server.url).get(path);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ resource: `${server.url}/mcp`, authorization_servers: [server.url], scopes_supported: ['mcp'] });
  });

  it('keeps the issuer byte-identical when the hosts are configured apart, without a trailing slash', async () => {
    process.env.OAUTH_ISSUER_URL = 'https://auth.example.test/';
    process.env.MCP_URL = 'https://mcp.example.test';
    try {
      const as = await (await oauthHttp(server.url).get('/.well-known/oauth-authorization-server/mcp')).json();
      const pr = await (await oauthHttp(server.url).get('/.well-known/oauth-protected-resource/mcp')).json();
      expect(as.issuer).toBe('https://auth.example.test');
      expect(pr.authorization_servers).toEqual([as.issuer]);
      expect(pr.resource).toBe('https://mcp.example.test/mcp');
      expect(as.token_endpoint).toBe('https://auth.example.test/oauth/token');
    } finally {
      delete process.env.OAUTH_ISSUER_URL;
      delete process.env.MCP_URL;
    }
  });

  it('answers CORS preflights for browser-based clients', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/oauth/token', '/oauth/register', '/oauth/revoke', '/mcp']) {
      const res = await fetch(server.url + path, {
        method: 'OPTIONS',
        headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, mcp-protocol-version' },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*MCP-Protocol-Version.*Mcp-Session-Id/);
      expect(res.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate, Mcp-Session-Id');
    }
  });
});

describe('POST /oauth/register', () => {
  it('accepts a client that registers twice (as desktop agents do on every start): two clients, both usable', async () => {
    const http = oauthHttp(server.url);
    const owner = await createTestProject(database.db);
    const first = await registerPublicClient(http, { client_name: 'Desktop agent' });
    const second = await registerPublicClient(http, { client_name: 'Desktop agent' });
    expect(second.client_id).not.toBe(first.client_id);
    for (const client of [first, second]) {
      const back = await consent(server.url, http, { clientId: client.client_id, userId: owner.user.id, projectId: owner.project.id, challenge: pkcePair().challenge });
      expect(back.searchParams.get('code')).toBeTruthy();
    }
  });

  it('registers a public client by default and echoes the metadata with 201', async () => {
    const res = await oauthHttp(server.url).postJson('/oauth/register', {
      client_name: 'Claude',
      redirect_uris: [REDIRECT_URI, 'cursor://anysphere.cursor-retrieval/oauth/callback'],
      scope: 'mcp offline_access',
      logo_uri: 'https://claude.example/logo.png',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      client_name: 'Claude',
      redirect_uris: [REDIRECT_URI, 'cursor://anysphere.cursor-retrieval/oauth/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'mcp',
      logo_uri: 'https://claude.example/logo.png',
    });
    expect(body.client_id).toEqual(expect.any(String));
    expect(body.client_id_issued_at).toBeGreaterThan(1_700_000_000);
    expect(body).not.toHaveProperty('client_secret');
  });

  it('gives a confidential client its secret once, with client_secret_expires_at 0, and stores only a hash', async () => {
    const res = await oauthHttp(server.url).postJson('/oauth/register', {
      redirect_uris: ['https://agent.example/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.client_secret).toMatch(/^service_cs_/);
    expect(body.client_secret_expires_at).toBe(0);
    const [row] = await database.db.select().from(oauthClients).where(eq(oauthClients.clientId, body.client_id));
    expect(row!.secretHash).toBe(hashSecret(body.client_secret));
    expect(JSON.stringify(row)).not.toContain(body.client_secret);
  });

  it.each([
    ['http on a public host', 'http://agent.example/cb'],
    ['a fragment', 'https://agent.example/cb#frag'],
    ['a relative URI', '/callback'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
  ])('refuses a redirect URI with %s as invalid_redirect_uri', async (_, uri) => {
    const res = await oauthHttp(server.url).postJson('/oauth/register', { redirect_uris: [uri] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toEqual(expect.any(String));
  });

  it.each([
    ['no redirect_uris', {}],
    ['an empty list', { redirect_uris: [] }],
  ])('refuses %s as invalid_redirect_uri', async (_, body) => {
    const res = await oauthHttp(server.url).postJson('/oauth/register', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_redirect_uri');
  });

  it.each([
    ['an unknown auth method', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['an implicit grant', { grant_types: ['implicit'] }],
    ['a token response type', { response_types: ['token'] }],
    ['a non-https logo', { logo_uri: 'javascript:alert(1)' }],
    ['a numeric name', { client_name: 42 }],
  ])('refuses %s as invalid_client_metadata', async (_, extra) => {
    const res = await oauthHttp(server.url).postJson('/oauth/register', { redirect_uris: [REDIRECT_URI], ...extra });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_client_metadata');
  });

  it.each([['not JSON', '{'], ['an array', '[]'], ['null', 'null']])('answers %s with 400, never 500', async (_, body) => {
    const res = await oauthHttp(server.url).postJson('/oauth/register', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_client_metadata');
  });

  it('is rate limited per IP, loosely: 20 a minute, then 429 with Retry-After', async () => {
    await insideOneRateWindow();
    const http = oauthHttp(server.url);
    for (let i = 0; i < 20; i++) expect((await http.postJson('/oauth/register', { redirect_uris: [REDIRECT_URI] })).status).toBe(201);
    const limited = await http.postJson('/oauth/register', { redirect_uris: [REDIRECT_URI] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).detail).toEqual(expect.any(String));
    expect((await oauthHttp(server.url).postJson('/oauth/register', { redirect_uris: [REDIRECT_URI] })).status).toBe(201);
  });
});
