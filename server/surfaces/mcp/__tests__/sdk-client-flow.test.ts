import { forgetCredentials } from '@/server/auth/credentials-cache';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { oauthTokens } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { hashSecret } from '@/server/auth/tokens';
import { form, oauthHttp, REDIRECT_URI, sessionCookie, startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { startUnconfiguredServer } from './local-server';

let database: DatabaseHandle;
let server: TestServer;
let unconfigured: Awaited<ReturnType<typeof startUnconfiguredServer>>;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
  unconfigured = await startUnconfiguredServer();
});
afterAll(async () => {
  await server.close();
  await unconfigured.close();
  await database.close();
});

/**
 * The SDK's own OAuth client, with a "browser" that follows the authorization URL, and on the consent
 * page approves as the signed-in user, then hands the code back as a redirect handler would.
 */
class TestProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  codeVerifierValue = '';
  returnedTo?: URL;

  constructor(private readonly browse: (url: URL) => Promise<URL>) {}

  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return { client_name: 'SDK test agent', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state() {
    return 'sdk-state';
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.returnedTo = await this.browse(url);
  }
  saveCodeVerifier(verifier: string) {
    this.codeVerifierValue = verifier;
  }
  codeVerifier() {
    return this.codeVerifierValue;
  }
}

/** The whole flow against `baseUrl`: 401, discovery, registration, consent, token, tools, refresh after expiry. */
async function completeFlow(baseUrl: string) {
  const { user, project } = await createTestProject(database.db);
  const http = oauthHttp(baseUrl);
  const cookie = await sessionCookie(user.id);
  const provider = new TestProvider(async (authorizeUrl) => {
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('resource')).toBe(`${baseUrl}/mcp`);
    const start = await http.get(authorizeUrl.pathname + authorizeUrl.search);
    const consentUrl = new URL(start.headers.get('location')!);
    const html = await (await http.get(consentUrl.pathname + consentUrl.search, { cookie })).text();
    expect(html).toContain('SDK test agent');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1]!;
    const decided = await http.postForm(
      '/oauth/authorize',
      form({ ticket: consentUrl.searchParams.get('ticket')!, csrf_token: csrf, project_id: project.id, decision: 'approve' }),
      { cookie, origin: baseUrl },
    );
    return new URL(decided.headers.get('location')!);
  });

  const mcpUrl = new URL(`${baseUrl}/mcp`);
  const client = new Client({ name: 'sdk-flow', version: '1.0.0' });
  // first connect: 401 -> discovery -> registration -> the browser round trip
  await expect(client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.info?.client_id).toEqual(expect.any(String));
  expect(provider.returnedTo!.searchParams.get('state')).toBe('sdk-state');
  expect(provider.returnedTo!.searchParams.get('iss')).toBe(baseUrl);

  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await transport.finishAuth(provider.returnedTo!.searchParams.get('code')!);
  expect(provider.saved).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp' });
  await client.connect(transport);

  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain('get_project');
  const result = await client.callTool({ name: 'get_project', arguments: {} });
  expect(result.structuredContent).toMatchObject({ id: project.id, slug: project.slug });

  // the access token expires: the next call gets 401, and the client refreshes and retries on its own
  const expired = provider.saved!.access_token;
  await database.db.update(oauthTokens).set({ accessExpiresAt: new Date(Date.now() - 1000) }).where(eq(oauthTokens.accessHash, hashSecret(expired)));
  forgetCredentials(); // verified tokens are reused for a second; the row was rewritten behind its back
  const again = await client.callTool({ name: 'get_project', arguments: {} });
  expect(again.structuredContent).toMatchObject({ id: project.id });
  expect(provider.saved!.access_token).not.toBe(expired);
  await client.close();

  // and it could also have asked for the refresh itself
  expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
}

it('the MCP SDK client completes the whole flow with APP_URL set', async () => {
  process.env.APP_URL = server.url;
  await completeFlow(server.url);
});

// With nothing configured, issuer and resource follow the loopback origin of each request: the SDK
// checks that the protected resource is the URL it called, and that the issuer is the one it found.
it.each(['127.0.0.1', 'localhost'])('the MCP SDK client completes the whole flow with nothing configured, reached as http://%s:<port>', async (host) => {
  delete process.env.APP_URL;
  await completeFlow(`http://${host}:${unconfigured.port}`);
});
