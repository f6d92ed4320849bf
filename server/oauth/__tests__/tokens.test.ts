import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { oauthCodes, oauthGrants, oauthTokens } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { hashSecret } from '@/server/auth/tokens';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { consent, form, oauthHttp, pkcePair, REDIRECT_URI, registerPublicClient, startOAuthServer, type OAuthHttp } from './helpers';

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

async function authorized(extra: Record<string, unknown> = {}) {
  const http = oauthHttp(server.url);
  const client = await registerPublicClient(http, extra);
  const owner = await createTestProject(database.db);
  const pkce = pkcePair();
  const back = await consent(server.url, http, { clientId: client.client_id, userId: owner.user.id, projectId: owner.project.id, challenge: pkce.challenge });
  return { http, client, ...owner, pkce, code: back.searchParams.get('code')! };
}

function exchange(http: OAuthHttp, values: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  return http.postForm('/oauth/token', form({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...values }), headers);
}

const mcpCall = (token: string) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_project', arguments: {} } }),
  });

describe('authorization_code', () => {
  it('issues opaque, prefixed tokens bound to the project, with the decided response and no-store', async () => {
    const { http, client, pkce, code } = await authorized();
    const res = await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier, resource: `${server.url}/mcp` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp' });
    expect(body.access_token).toMatch(/^service_at_[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^service_rt_[A-Za-z0-9_-]{43}$/);
    const [pair] = await database.db.select().from(oauthTokens).where(eq(oauthTokens.accessHash, hashSecret(body.access_token)));
    expect(pair!.refreshHash).toBe(hashSecret(body.refresh_token));
    expect(pair!.accessExpiresAt.getTime() - Date.now()).toBeGreaterThan(3590_000);
    expect(pair!.refreshExpiresAt!.getTime() - Date.now()).toBeGreaterThan(30 * 86400_000 - 10_000);
    expect((await mcpCall(body.access_token)).status).toBe(200);
  });

  it('refuses a reused code and revokes the tokens it issued', async () => {
    const { http, client, pkce, code } = await authorized();
    const first = await (await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier })).json();
    const again = await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
    expect((await mcpCall(first.access_token)).status).toBe(401);
    const refresh = await http.postForm('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: client.client_id }));
    expect((await refresh.json()).error).toBe('invalid_grant');
  });

  it('lets only one of two concurrent exchanges of a code win, and then revokes its tokens', async () => {
    const { http, client, pkce, code } = await authorized();
    const results = await Promise.all([1, 2].map(() => exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = await results.find((r) => r.status === 200)!.json();
    expect((await mcpCall(winner.access_token)).status).toBe(401);
  });

  it.each([
    ['a wrong verifier', { code_verifier: pkcePair().verifier }, 'invalid_grant'],
    ['a short verifier', { code_verifier: 'abc' }, 'invalid_grant'],
    ['a missing verifier', { code_verifier: undefined }, 'invalid_request'],
    ['another redirect_uri', { redirect_uri: 'http://127.0.0.1:43123/other' }, 'invalid_grant'],
    ['another resource', { resource: 'https://other.example/mcp' }, 'invalid_target'],
    ['an unknown code', { code: 'nope' }, 'invalid_grant'],
  ])('refuses %s, and the code stays usable by its rightful client', async (_, override, error) => {
    const { http, client, pkce, code } = await authorized();
    const res = await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier, ...override });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error, error_description: expect.any(String) });
    expect((await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier })).status).toBe(200);
  });

  it('wants redirect_uri at the token endpoint only when the authorization request named it (RFC 6749 4.1.3)', async () => {
    const http = oauthHttp(server.url);
    const client = await registerPublicClient(http);
    const owner = await createTestProject(database.db);
    const pkce = pkcePair();
    const back = await consent(server.url, http, { clientId: client.client_id, userId: owner.user.id, projectId: owner.project.id, challenge: pkce.challenge, redirectUri: null });
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    const omitted = await exchange(http, { code: back.searchParams.get('code')!, client_id: client.client_id, code_verifier: pkce.verifier, redirect_uri: undefined });
    expect(omitted.status).toBe(200);

    // named in the authorization request: required, and a request without it does not use up the code
    const named = await authorized();
    const values = { code: named.code, client_id: named.client.client_id, code_verifier: named.pkce.verifier };
    const refused = await exchange(named.http, { ...values, redirect_uri: undefined });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_request', error_description: 'redirect_uri is required' });
    expect((await exchange(named.http, values)).status).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    const { http, client, pkce, code } = await authorized();
    await database.db.update(oauthCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthCodes.codeHash, hashSecret(code)));
    const res = await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier });
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'The authorization code has expired' });
  });

  it("refuses another client's code", async () => {
    const { http, pkce, code } = await authorized();
    const other = await registerPublicClient(http);
    const res = await exchange(http, { code, client_id: other.client_id, code_verifier: pkce.verifier });
    expect((await res.json()).error).toBe('invalid_grant');
  });

  it.each([
    ['no grant_type', { grant_type: undefined }, 400, 'invalid_request'],
    ['client_credentials', { grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
    ['an unknown client', { client_id: 'nobody' }, 401, 'invalid_client'],
    ['no client', { client_id: undefined }, 401, 'invalid_client'],
    ['a secret for a public client', { client_secret: 'guess' }, 401, 'invalid_client'],
  ])('answers %s with the RFC 6749 error', async (_, override, status, error) => {
    const { http, client, pkce, code } = await authorized();
    const res = await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier, ...override });
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(error);
  });

  it('refuses a body that is not a form, and repeated parameters', async () => {
    const { http, client, pkce, code } = await authorized();
    const json = await http.postJson('/oauth/token', { grant_type: 'authorization_code', code });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe('invalid_request');
    const repeated = await http.postForm('/oauth/token', new URLSearchParams(`grant_type=authorization_code&code=${code}&code=${code}&client_id=${client.client_id}&code_verifier=${pkce.verifier}&redirect_uri=${REDIRECT_URI}`));
    expect((await repeated.json()).error).toBe('invalid_request');
  });
});

describe('confidential clients', () => {
  it('authenticate with the registered method only (Basic, URL-decoded after base64), and fail with 401 invalid_client', async () => {
    const { http, client, pkce, code } = await authorized({ token_endpoint_auth_method: 'client_secret_basic' });
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const wrong = await exchange(http, { code, code_verifier: pkce.verifier }, { authorization: basic(client.client_id, 'wrong') });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await wrong.json()).error).toBe('invalid_client');
    // an id no client can have is no client, not a query that fails (a NUL was a 500)
    const nul = await exchange(http, { code, code_verifier: pkce.verifier }, { authorization: basic('a\u0000b', 'x') });
    expect(nul.status).toBe(401);
    expect((await nul.json()).error).toBe('invalid_client');
    const missing = await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier });
    expect(missing.status).toBe(401);
    const ok = await exchange(http, { code, code_verifier: pkce.verifier }, { authorization: basic(client.client_id, client.client_secret!) });
    expect(ok.status).toBe(200);
    const tokens = await ok.json();
    // the right secret in the form is still the wrong method for a client_secret_basic client
    const viaForm = await http.postForm('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id, client_secret: client.client_secret }));
    expect(viaForm.status).toBe(401);
    expect((await viaForm.json()).error).toBe('invalid_client');
    const viaBasic = await http.postForm('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }), { authorization: basic(client.client_id, client.client_secret!) });
    expect(viaBasic.status).toBe(200);
  });

  it('a client_secret_post client cannot switch to Basic', async () => {
    const { http, client, pkce, code } = await authorized({ token_endpoint_auth_method: 'client_secret_post' });
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
    const refused = await exchange(http, { code, code_verifier: pkce.verifier }, { authorization: basic });
    expect(refused.status).toBe(401);
    const ok = await exchange(http, { code, code_verifier: pkce.verifier, client_id: client.client_id, client_secret: client.client_secret });
    expect(ok.status).toBe(200);
  });
});

describe('refresh_token', () => {
  async function tokens() {
    const ctx = await authorized();
    const body = await (await exchange(ctx.http, { code: ctx.code, client_id: ctx.client.client_id, code_verifier: ctx.pkce.verifier })).json();
    const refresh = (refresh_token: string, extra: Record<string, string> = {}) =>
      ctx.http.postForm('/oauth/token', form({ grant_type: 'refresh_token', refresh_token, client_id: ctx.client.client_id, ...extra }));
    return { ...ctx, tokens: body as { access_token: string; refresh_token: string }, refresh };
  }

  it('rotates strictly: a new pair, the old pair revoked; extra scopes are dropped', async () => {
    const { tokens: first, refresh } = await tokens();
    const res = await refresh(first.refresh_token, { scope: 'mcp offline_access' });
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp' });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await mcpCall(first.access_token)).status).toBe(401);
    expect((await mcpCall(second.access_token)).status).toBe(200);
  });

  it('revokes the whole chain when a rotated refresh token is presented again, however soon (strict)', async () => {
    const { tokens: first, refresh } = await tokens();
    const second = await (await refresh(first.refresh_token)).json();
    const third = await (await refresh(second.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    expect((await mcpCall(third.access_token)).status).toBe(401);
    expect((await (await refresh(third.refresh_token)).json()).error).toBe('invalid_grant');
  });

  it('two refreshes racing with one token: one wins, the other is refused; the old token again ends the chain', async () => {
    const { tokens: first, refresh } = await tokens();
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    const bodies = await Promise.all(answers.map((res) => res.json()));
    const winners = bodies.filter((body) => body.access_token);
    expect(winners).toHaveLength(1);
    expect(bodies.find((body) => !body.access_token)).toMatchObject({ error: 'invalid_grant' });
    // presented once more, the rotated token is a replay (api-v1.md section 5): the winner's pair ends too
    expect((await (await refresh(first.refresh_token)).json()).error).toBe('invalid_grant');
    expect((await mcpCall(winners[0].access_token)).status).toBe(401);
    expect((await (await refresh(winners[0].refresh_token)).json()).error).toBe('invalid_grant');
  });

  it('refuses another resource, an expired token, and a token of another client', async () => {
    const { tokens: first, refresh, http } = await tokens();
    expect((await (await refresh(first.refresh_token, { resource: 'https://other.example/mcp' })).json()).error).toBe('invalid_target');
    const other = await registerPublicClient(http);
    const stolen = await http.postForm('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: other.client_id }));
    expect((await stolen.json()).error).toBe('invalid_grant');
    await database.db.update(oauthTokens).set({ refreshExpiresAt: new Date(Date.now() - 1000) }).where(eq(oauthTokens.refreshHash, hashSecret(first.refresh_token)));
    expect((await (await refresh(first.refresh_token)).json()).error).toBe('invalid_grant');
  });
});

describe('POST /oauth/revoke', () => {
  it('answers 200 for unknown tokens, and revoking a token ends the grant', async () => {
    const { http, client, code, pkce } = await authorized();
    const body = await (await exchange(http, { code, client_id: client.client_id, code_verifier: pkce.verifier })).json();
    const unknown = await http.postForm('/oauth/revoke', form({ token: 'service_at_nothing', client_id: client.client_id }));
    expect(unknown.status).toBe(200);
    expect((await http.postForm('/oauth/revoke', form({}))).status).toBe(200);
    // another client cannot revoke it
    const other = await registerPublicClient(http);
    expect((await http.postForm('/oauth/revoke', form({ token: body.access_token, client_id: other.client_id }))).status).toBe(200);
    expect((await mcpCall(body.access_token)).status).toBe(200);

    const revoked = await http.postForm('/oauth/revoke', form({ token: body.refresh_token, token_type_hint: 'refresh_token', client_id: client.client_id }));
    expect(revoked.status).toBe(200);
    expect((await mcpCall(body.access_token)).status).toBe(401);
    const [grant] = await database.db.select().from(oauthGrants).innerJoin(oauthTokens, eq(oauthTokens.grantId, oauthGrants.id)).where(eq(oauthTokens.accessHash, hashSecret(body.access_token)));
    expect(grant!.oauth_grants.revokedAt).not.toBeNull();
  });

  it('answers 200 whatever the client sent (api-v1.md), but revokes only for the client that authenticated', async () => {
    const { http, client, code, pkce } = await authorized({ token_endpoint_auth_method: 'client_secret_basic' });
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${client.client_id}:${secret}`).toString('base64')}` });
    const body = await (await exchange(http, { code, code_verifier: pkce.verifier }, basic(client.client_secret!))).json();
    const revoke = (values: Record<string, string | undefined>, headers: Record<string, string> = {}) => http.postForm('/oauth/revoke', form(values), headers);

    for (const unauthenticated of [
      await revoke({ token: body.access_token }, basic('wrong')),
      await revoke({ token: body.access_token }),
      await revoke({ token: body.access_token, client_id: client.client_id }),
      await revoke({ token: body.access_token, client_id: client.client_id, client_secret: client.client_secret }),
    ]) {
      expect(unauthenticated.status).toBe(200);
    }
    expect((await mcpCall(body.access_token)).status).toBe(200);
    // text no token can hold (refused with 400 by the other endpoints) revokes nothing, and still answers 200
    for (const hostile of [`${body.access_token}\u0000`, '\ud800']) {
      const answer = await revoke({ token: hostile }, basic(client.client_secret!));
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('');
    }
    // a body past the 64 KB cap is read as nothing: 200, nothing revoked (it was a 413)
    const oversized = await http.postForm('/oauth/revoke', form({ token: body.access_token, padding: 'x'.repeat(70 * 1024) }), basic(client.client_secret!));
    expect(oversized.status).toBe(200);
    expect(await oversized.text()).toBe('');
    expect((await mcpCall(body.access_token)).status).toBe(200);
    expect((await revoke({ token: body.access_token }, basic(client.client_secret!))).status).toBe(200);
    expect((await mcpCall(body.access_token)).status).toBe(401);
  });
});
