import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { randomClientIp, type TestServer } from '@/tests/http';
import { oauthHttp, REDIRECT_URI, sessionCookie, startOAuthServer, form } from './helpers';

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

// the test server speaks plain http on loopback
const options = () => ({ [oauth.allowInsecureRequests]: true, headers: { 'x-forwarded-for': randomClientIp() } });

async function discover() {
  const issuer = new URL(server.url);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options(), algorithm: 'oauth2' }));
}

/** The user agent's part: the authorization URL oauth4webapi built, through consent, back to the redirect URI. */
async function browse(authorizationUrl: URL, userId: string, projectId: string, decision = 'approve') {
  const http = oauthHttp(server.url);
  const cookie = await sessionCookie(userId);
  const start = await http.get(authorizationUrl.pathname + authorizationUrl.search);
  const consentUrl = new URL(start.headers.get('location')!);
  const html = await (await http.get(consentUrl.pathname + consentUrl.search, { cookie })).text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1]!;
  const decided = await http.postForm('/oauth/authorize', form({ ticket: consentUrl.searchParams.get('ticket')!, csrf_token: csrf, project_id: projectId, decision }), { cookie, origin: server.url });
  return new URL(decided.headers.get('location')!);
}

describe.each([
  ['a public client', 'none'],
  ['a confidential client (Basic)', 'client_secret_basic'],
  ['a confidential client (form)', 'client_secret_post'],
])('oauth4webapi with %s', (_, method) => {
  it('accepts discovery, registration, the authorization response, tokens, refresh and revocation', async () => {
    const as = await discover();
    expect(as.issuer).toBe(server.url);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);

    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [REDIRECT_URI], client_name: 'oauth4webapi', token_endpoint_auth_method: method }, options()),
    );
    const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: method };
    const secret = registered.client_secret as string | undefined;
    const clientAuth = method === 'none' ? oauth.None() : method === 'client_secret_basic' ? oauth.ClientSecretBasic(secret!) : oauth.ClientSecretPost(secret!);

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'mcp',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      resource: `${server.url}/mcp`,
    }).toString();
    const { user, project } = await createTestProject(database.db);
    const callback = oauth.validateAuthResponse(as, client, await browse(url, user.id, project.id), state);

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callback, REDIRECT_URI, verifier, { ...options(), additionalParameters: { resource: `${server.url}/mcp` } }),
    );
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'mcp' });

    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, options()));
    expect(refreshed.access_token).not.toBe(tokens.access_token);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token!, options()));
    const afterRevoke = oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token!, options()).then((r) => oauth.processRefreshTokenResponse(as, client, r));
    await expect(afterRevoke).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

it('oauth4webapi validates a denial: access_denied with state and iss', async () => {
  const as = await discover();
  const registered = await oauth.processDynamicClientRegistrationResponse(await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: [REDIRECT_URI] }, options()));
  const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    state: 's1',
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
  }).toString();
  const { user, project } = await createTestProject(database.db);
  const back = await browse(url, user.id, project.id, 'deny');
  expect(() => oauth.validateAuthResponse(as, client, back, 's1')).toThrow(expect.objectContaining({ error: 'access_denied' }));
});
