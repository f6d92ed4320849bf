import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { signUpWithProject } from './helpers';

/** A native agent's loopback redirect handler: receives the browser after consent and keeps the query. */
async function startCallbackServer() {
  let resolve!: (query: URLSearchParams) => void;
  const received = new Promise<URLSearchParams>((r) => (resolve = r));
  const server = http.createServer((req, res) => {
    resolve(new URL(req.url!, 'http://127.0.0.1').searchParams);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>You can close this window</h1>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}/callback`, received, close: () => server.close() };
}

/** The SDK's OAuth client state, as an agent would keep it; the user agent is the test's browser page. */
function agentProvider(page: Page, redirectUri: string): OAuthClientProvider & { saved?: OAuthTokens } {
  let info: OAuthClientInformationMixed | undefined;
  let verifier = '';
  const provider: OAuthClientProvider & { saved?: OAuthTokens } = {
    get redirectUrl() {
      return redirectUri;
    },
    get clientMetadata() {
      return { client_name: 'Playwright agent', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };
    },
    state: () => 'agent-state',
    clientInformation: () => info,
    saveClientInformation: (i) => void (info = i),
    tokens: () => provider.saved,
    saveTokens: (t) => void (provider.saved = t),
    redirectToAuthorization: async (url) => void (await page.goto(url.href)),
    saveCodeVerifier: (v) => void (verifier = v),
    codeVerifier: () => verifier,
  };
  return provider;
}

test('a new user connects an MCP agent through OAuth, uses its tools, then revokes it in the dashboard', async ({ page, baseURL }) => {
  const { slug } = await signUpWithProject(page, 'Agent demo');
  const callback = await startCallbackServer();
  const provider = agentProvider(page, callback.redirectUri);
  const mcpUrl = new URL('/mcp', baseURL);
  const client = new Client({ name: 'playwright-agent', version: '1.0.0' });

  // 401 -> discovery -> registration -> the browser opens the consent page
  await expect(client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toThrow(/Unauthorized/);
  await expect(page.getByRole('heading', { name: 'Connect Playwright agent to Shipnote' })).toBeVisible();
  await expect(page.getByText(new URL(callback.redirectUri).host)).toBeVisible();
  await expect(page.getByLabel('Project')).toContainText('Agent demo');
  await page.getByRole('button', { name: 'Approve' }).click();

  const query = await callback.received;
  expect(query.get('state')).toBe('agent-state');
  expect(query.get('iss')).toBe(new URL(baseURL!).origin);
  await expect(page.getByRole('heading', { name: 'You can close this window' })).toBeVisible();

  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await transport.finishAuth(query.get('code')!);
  expect(provider.saved!.access_token).toMatch(/^service_at_/);
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools.length).toBeGreaterThan(0);
  const project = await client.callTool({ name: 'get_project', arguments: {} });
  expect(project.structuredContent).toMatchObject({ slug, name: 'Agent demo' });
  const list = await client.callTool({ name: 'create_mailing_list', arguments: { name: 'Beta testers' } });
  expect(list.structuredContent).toMatchObject({ name: 'Beta testers', active_count: 0 });

  // an access token the server no longer accepts (as after expiry): the client refreshes and carries on
  const refreshToken = provider.saved!.refresh_token;
  provider.saved = { ...provider.saved!, access_token: 'service_at_expired' };
  const again = await client.callTool({ name: 'get_project', arguments: {} });
  expect(again.structuredContent).toMatchObject({ slug });
  expect(provider.saved.refresh_token).not.toBe(refreshToken);
  const accessToken = provider.saved.access_token;

  // the dashboard lists the app with its last use, and revoking it cuts the agent off
  await page.goto(`/p/${slug}/connected-apps`);
  const row = page.getByRole('row', { name: /Playwright agent/ });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');
  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: /Playwright agent/ })).toHaveCount(0);

  const raw = await fetch(mcpUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(raw.status).toBe(401);
  expect(raw.headers.get('www-authenticate')).toContain('error="invalid_token"');
  await client.close();
  callback.close();
});

test('the consent page cannot be framed and refuses a form posted from another site', async ({ page, request }) => {
  await signUpWithProject(page);
  const origin = new URL(page.url()).origin;
  const registered = await (await request.post('/oauth/register', { data: { client_name: 'Framed', redirect_uris: ['http://127.0.0.1:9/cb'] } })).json();
  const authorize = await request.get(
    `/oauth/authorize?response_type=code&client_id=${registered.client_id}&redirect_uri=${encodeURIComponent('http://127.0.0.1:9/cb')}` +
      `&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&state=s`,
    { maxRedirects: 0 },
  );
  expect(authorize.status()).toBe(302);
  const consentUrl = authorize.headers()['location']!;
  const response = await page.goto(consentUrl);
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // the page cannot load scripts or non-https images, and sends no Referer with its ticket to other sites
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', /default-src 'none'; img-src https:/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'same-origin');

  // the same form, submitted by another origin with the user's cookies, is refused
  const csrf = await page.locator('input[name="csrf_token"]').inputValue();
  const ticket = new URL(consentUrl, origin).searchParams.get('ticket')!;
  const forged = await page.request.post('/oauth/authorize', {
    form: { ticket, csrf_token: csrf, project_id: await page.getByLabel('Project').inputValue(), decision: 'approve' },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
});
