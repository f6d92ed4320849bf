import { createHash, randomBytes } from 'node:crypto';
import { encode } from 'next-auth/jwt';
import * as asMetadataMcp from '@/app/.well-known/oauth-authorization-server/mcp/route';
import * as asMetadata from '@/app/.well-known/oauth-authorization-server/route';
import * as prMetadataMcp from '@/app/.well-known/oauth-protected-resource/mcp/route';
import * as prMetadata from '@/app/.well-known/oauth-protected-resource/route';
import * as mcp from '@/app/mcp/route';
import * as authorize from '@/app/oauth/authorize/route';
import * as register from '@/app/oauth/register/route';
import * as revoke from '@/app/oauth/revoke/route';
import * as token from '@/app/oauth/token/route';
import { randomClientIp, startTestServer, type Routes } from '@/tests/http';
import { dispatch, REST_ROUTES } from '@/tests/rest-server';

type Module = Parameters<typeof dispatch>[0];
const route = (prefix: string, module: object): Routes[number] => [prefix, (req) => dispatch(module as Module, req)];

/** The OAuth, discovery and MCP routes as the app mounts them, plus the REST API, over real HTTP. */
export async function startOAuthServer() {
  process.env.NEXTAUTH_SECRET ||= randomBytes(32).toString('base64url');
  const server = await startTestServer([
    route('/.well-known/oauth-authorization-server/mcp', asMetadataMcp),
    route('/.well-known/oauth-authorization-server', asMetadata),
    route('/.well-known/oauth-protected-resource/mcp', prMetadataMcp),
    route('/.well-known/oauth-protected-resource', prMetadata),
    route('/oauth/authorize', authorize),
    route('/oauth/token', token),
    route('/oauth/register', register),
    route('/oauth/revoke', revoke),
    route('/mcp', mcp),
    ...REST_ROUTES,
  ]);
  // every host defaults to APP_URL: the test server's own origin
  process.env.APP_URL = server.url;
  return server;
}

export const REDIRECT_URI = 'http://127.0.0.1:43123/callback';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A next-auth session cookie for the user, as the sign-in page would have set it. */
export async function sessionCookie(userId: string) {
  const jwt = await encode({ token: { sub: userId }, secret: process.env.NEXTAUTH_SECRET! });
  return `next-auth.session-token=${jwt}`;
}

export function form(values: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.append(name, value);
  return params;
}

/** A client of the test server with its own IP, so rate limits never mix between tests. */
export function oauthHttp(baseUrl: string) {
  const ip = randomClientIp();
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(baseUrl + path, { redirect: 'manual', headers: { 'x-forwarded-for': ip, ...headers } }),
    postJson: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'x-forwarded-for': ip, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    postForm: (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
      fetch(baseUrl + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
      }),
  };
}

export type OAuthHttp = ReturnType<typeof oauthHttp>;

export async function registerPublicClient(http: OAuthHttp, extra: Record<string, unknown> = {}) {
  const res = await http.postJson('/oauth/register', { client_name: 'Test agent', redirect_uris: [REDIRECT_URI], ...extra });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { client_id: string; client_secret?: string; redirect_uris: string[] };
}

/**
 * Runs authorize -> consent page -> approve (or deny) as a signed-in browser would, and returns the
 * URL the user agent is sent back to.
 */
export async function consent(
  baseUrl: string,
  http: OAuthHttp,
  // redirectUri null: the request names none (the client registered one)
  input: { clientId: string; userId: string; projectId: string; challenge: string; redirectUri?: string | null; state?: string; decision?: 'approve' | 'deny'; resource?: string },
): Promise<URL> {
  const query = form({
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri === null ? undefined : (input.redirectUri ?? REDIRECT_URI),
    code_challenge: input.challenge,
    code_challenge_method: 'S256',
    state: input.state ?? 'xyz',
    scope: 'mcp',
    resource: input.resource,
  });
  const start = await http.get(`/oauth/authorize?${query}`);
  if (start.status !== 302) throw new Error(`authorize answered ${start.status}: ${await start.text()}`);
  const consentUrl = new URL(start.headers.get('location')!);
  const cookie = await sessionCookie(input.userId);
  const page = await http.get(consentUrl.pathname + consentUrl.search, { cookie });
  const html = await page.text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no consent form: ${html}`);
  const decided = await http.postForm(
    '/oauth/authorize',
    form({ ticket: consentUrl.searchParams.get('ticket')!, csrf_token: csrf, project_id: input.projectId, decision: input.decision ?? 'approve' }),
    { cookie, origin: baseUrl },
  );
  if (decided.status !== 303) throw new Error(`consent answered ${decided.status}: ${await decided.text()}`);
  return new URL(decided.headers.get('location')!);
}
