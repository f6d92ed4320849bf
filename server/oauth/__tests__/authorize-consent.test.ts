import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthConsentTickets, users } from '@/db/schema';
import { hashSecret } from '@/server/auth/tokens';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { insideOneRateWindow } from '@/tests/http';
import { consent, form, oauthHttp, pkcePair, REDIRECT_URI, registerPublicClient, sessionCookie, startOAuthServer } from './helpers';

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

async function setup() {
  const http = oauthHttp(server.url);
  const client = await registerPublicClient(http, { logo_uri: 'https://agent.example/logo.png' });
  const owner = await createTestProject(database.db);
  return { http, client, ...owner, pkce: pkcePair() };
}

function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string | undefined> = {}) {
  return form({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    ...extra,
  });
}

describe('GET /oauth/authorize (the OAuth endpoint)', () => {
  it('turns a valid request into a consent ticket and redirects to the consent page', async () => {
    const { http, client, pkce } = await setup();
    const res = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge)}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${server.url}/oauth/authorize`);
    expect(location.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['an unknown client', (id: string) => ({ client_id: id + 'x' })],
    ['a missing client', () => ({ client_id: undefined })],
    ['an unregistered redirect', () => ({ redirect_uri: 'https://evil.example/cb' })],
    ['a redirect on another path', () => ({ redirect_uri: 'http://127.0.0.1:43123/other' })],
    ['a repeated parameter', () => ({ redirect_uri: `${REDIRECT_URI}&redirect_uri=${REDIRECT_URI}` })],
  ])('renders an error page for %s and never redirects', async (_, extra) => {
    const { http, client, pkce } = await setup();
    const query = authorizeQuery(client.client_id, pkce.challenge, extra(client.client_id)).toString().replace(/%26redirect_uri%3D/, '&redirect_uri=');
    const res = await http.get(`/oauth/authorize?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Authorization failed');
  });

  it('accepts a loopback IP redirect on any port, as native apps pick their port', async () => {
    const { http, client, pkce } = await setup();
    const res = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge, { redirect_uri: 'http://127.0.0.1:51000/callback' })}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('ticket=');
  });

  it.each([
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no PKCE', { code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
    ['no challenge method', { code_challenge_method: undefined }, 'invalid_request'],
    ['a malformed challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['another resource', { resource: 'https://other.example/mcp' }, 'invalid_target'],
  ])('sends %s back to the client with error, state and iss', async (_, extra, error) => {
    const { http, client, pkce } = await setup();
    const res = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge, extra)}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('st-1');
    expect(location.searchParams.get('iss')).toBe(server.url);
  });
});

describe('errors for a redirect URI off this machine', () => {
  it.each([
    ['an https URI', 'https://agent.example/phish'],
    ['an app scheme', 'web+agent://agent.example/cb'],
  ])('are shown on a page whose link goes back, never followed unasked (%s)', async (_, redirectUri) => {
    const http = oauthHttp(server.url);
    const client = await registerPublicClient(http, { redirect_uris: [redirectUri] });
    const res = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkcePair().challenge, { redirect_uri: redirectUri, code_challenge_method: undefined })}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const page = await res.text();
    expect(page).toContain('code_challenge_method must be S256');
    const link = new URL(/<a href="([^"]+)">Return to/.exec(page)![1]!.replaceAll('&#38;', '&'));
    expect(link.href.startsWith(redirectUri)).toBe(true);
    expect(link.searchParams.get('error')).toBe('invalid_request');
    expect(link.searchParams.get('state')).toBe('st-1');
  });
});

describe('anonymous authorization requests', () => {
  it('are rate limited per address (each one stores a ticket), with 429 and Retry-After', async () => {
    await insideOneRateWindow();
    const client = await registerPublicClient(oauthHttp(server.url));
    const query = form({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    const from = (ip: string) => fetch(`${server.url}/oauth/authorize?${query}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip } });
    const ip = `10.91.${Math.floor(Math.random() * 250)}.7`;
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await from(ip);
      statuses.push(res.status);
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(statuses.slice(0, 100).every((status) => status === 302)).toBe(true);
    // every answer carries the limit's headers (api-v1.md section 4), the redirects too
    expect(remaining.slice(0, 3)).toEqual(['99', '98', '97']);
    expect(statuses[100]).toBe(429);
    const again = await from(ip);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await from(`${ip}1`)).status).toBe(302);
  });

  // (a lone surrogate cannot arrive in a query: percent-decoding turns it into U+FFFD)
  it('with a NUL character end on an error page, not a 500', async () => {
    const client = await registerPublicClient(oauthHttp(server.url));
    for (const state of ['a\u0000b', '\u0000']) {
      const query = form({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state });
      const res = await fetch(`${server.url}/oauth/authorize?${query}`, { redirect: 'manual' });
      expect(res.status).toBe(400);
    }
  });
});

describe('the consent page', () => {
  it('sends a visitor without a session to sign in, and back here afterwards', async () => {
    const { http, client, pkce } = await setup();
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge)}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const res = await http.get(consentUrl.pathname + consentUrl.search);
    expect(res.status).toBe(303);
    const signIn = new URL(res.headers.get('location')!, server.url);
    expect(signIn.pathname).toBe('/signin');
    expect(signIn.searchParams.get('callbackUrl')).toBe(consentUrl.pathname + consentUrl.search);
  });

  it("shows the client's name, https logo, redirect host and the user's projects; unframeable and uncached", async () => {
    const { http, client, pkce, user, project } = await setup();
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge)}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const res = await http.get(consentUrl.pathname + consentUrl.search, { cookie: await sessionCookie(user.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    expect(html).toContain(`content="default-src 'none'; img-src https:;`);
    expect(html).toContain('Test agent');
    // a background, so a logo that fails to load shows nothing rather than a broken-image icon
    expect(html).toContain('<span class="logo" aria-hidden="true" style="background-image:url(&#34;https://agent.example/logo.png&#34;)"></span>');
    expect(html).toContain('127.0.0.1:43123');
    expect(html).toContain(`<option value="${project.id}">`);
    expect(html).toContain(user.email);
  });

  it('refuses a ticket older than 10 minutes', async () => {
    const { http, client, pkce, user } = await setup();
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge)}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const ticketHash = hashSecret(consentUrl.searchParams.get('ticket')!);
    await database.db.update(oauthConsentTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthConsentTickets.ticketHash, ticketHash));
    const res = await http.get(consentUrl.pathname + consentUrl.search, { cookie: await sessionCookie(user.id) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('expired');
  });

  it('answers a session of a deleted user with an error page, not a 500', async () => {
    const { http, client, pkce } = await setup();
    const gone = await createTestProject(database.db);
    await database.db.delete(users).where(eq(users.id, gone.user.id));
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkce.challenge)}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const res = await http.get(consentUrl.pathname + consentUrl.search, { cookie: await sessionCookie(gone.user.id) });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Sign in again');
  });

  it('escapes what the client registered and shows no logo that is not https', async () => {
    const http = oauthHttp(server.url);
    const client = await registerPublicClient(http, { client_name: '<script>alert(1)</script>', logo_uri: 'http://agent.example/logo.png' });
    const { user } = await createTestProject(database.db);
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkcePair().challenge)}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const html = await (await http.get(consentUrl.pathname + consentUrl.search, { cookie: await sessionCookie(user.id) })).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('class="logo"');
  });

  it('keeps a hostile https logo URL inside its CSS string', async () => {
    const http = oauthHttp(server.url);
    const client = await registerPublicClient(http, { logo_uri: `https://agent.example/a"b');color:red;x:url('/l.png?q="\\"\\x` });
    const { user } = await createTestProject(database.db);
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkcePair().challenge)}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const html = await (await http.get(consentUrl.pathname + consentUrl.search, { cookie: await sessionCookie(user.id) })).text();
    const style = /<span class="logo" aria-hidden="true" style="([^"]*)"><\/span>/.exec(html)?.[1];
    expect(style).toBe('background-image:url(&#34;https://agent.example/a%22b&#39;);color:red;x:url(&#39;/l.png?q=%22%5C%22%5Cx&#34;)');
  });

  it.each([
    ['web+claude://claude.ai/cb', 'web+claude://claude.ai'],
    ['com.example.app:/oauth', 'com.example.app://'],
    ['https://agent.example/cb', 'agent.example'],
  ])('names where %s goes back to: the scheme unless it is http(s)', async (redirectUri, shown) => {
    const http = oauthHttp(server.url);
    const client = await registerPublicClient(http, { redirect_uris: [redirectUri] });
    const { user } = await createTestProject(database.db);
    const start = await http.get(`/oauth/authorize?${authorizeQuery(client.client_id, pkcePair().challenge, { redirect_uri: redirectUri })}`);
    const consentUrl = new URL(start.headers.get('location')!);
    const html = await (await http.get(consentUrl.pathname + consentUrl.search, { cookie: await sessionCookie(user.id) })).text();
    expect(html).toContain(`you go back to <code>${shown}</code>`);
  });

  it('approve sends code, state and iss back; deny sends access_denied, state and iss', async () => {
    const { http, client, pkce, user, project } = await setup();
    const approved = await consent(server.url, http, { clientId: client.client_id, userId: user.id, projectId: project.id, challenge: pkce.challenge, state: 'a b+c' });
    expect(approved.origin + approved.pathname).toBe(REDIRECT_URI);
    expect(approved.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(approved.searchParams.get('state')).toBe('a b+c');
    expect(approved.searchParams.get('iss')).toBe(server.url);

    const denied = await consent(server.url, http, { clientId: client.client_id, userId: user.id, projectId: project.id, challenge: pkce.challenge, decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('xyz');
    expect(denied.searchParams.get('iss')).toBe(server.url);
    expect(denied.searchParams.has('code')).toBe(false);
  });

  describe('the decision form', () => {
    async function ticketAndCsrf() {
      const ctx = await setup();
      const start = await ctx.http.get(`/oauth/authorize?${authorizeQuery(ctx.client.client_id, ctx.pkce.challenge)}`);
      const consentUrl = new URL(start.headers.get('location')!);
      const cookie = await sessionCookie(ctx.user.id);
      const html = await (await ctx.http.get(consentUrl.pathname + consentUrl.search, { cookie })).text();
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1]!;
      return { ...ctx, cookie, csrf, ticket: consentUrl.searchParams.get('ticket')! };
    }

    it('refuses a cross-site post (Origin check) with 403', async () => {
      const { http, ticket, csrf, cookie, project } = await ticketAndCsrf();
      const res = await http.postForm('/oauth/authorize', form({ ticket, csrf_token: csrf, project_id: project.id, decision: 'approve' }), { cookie, origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
    });

    it("refuses a form token issued to another user's session, and a missing one", async () => {
      const { http, ticket, project, csrf } = await ticketAndCsrf();
      const other = await createTestProject(database.db);
      const cookie = await sessionCookie(other.user.id);
      for (const csrf_token of [csrf, undefined]) {
        const res = await http.postForm('/oauth/authorize', form({ ticket, csrf_token, project_id: project.id, decision: 'approve' }), { cookie, origin: server.url });
        expect(res.status).toBe(403);
      }
    });

    it("refuses approval for a project the user is not a member of, and keeps the ticket usable", async () => {
      const { http, ticket, csrf, cookie, project } = await ticketAndCsrf();
      const stranger = await createTestProject(database.db);
      const res = await http.postForm('/oauth/authorize', form({ ticket, csrf_token: csrf, project_id: stranger.project.id, decision: 'approve' }), { cookie, origin: server.url });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const retry = await http.postForm('/oauth/authorize', form({ ticket, csrf_token: csrf, project_id: project.id, decision: 'approve' }), { cookie, origin: server.url });
      expect(retry.status).toBe(303);
    });

    it('uses a ticket once', async () => {
      const { http, ticket, csrf, cookie, project } = await ticketAndCsrf();
      const body = () => form({ ticket, csrf_token: csrf, project_id: project.id, decision: 'approve' });
      expect((await http.postForm('/oauth/authorize', body(), { cookie, origin: server.url })).status).toBe(303);
      const again = await http.postForm('/oauth/authorize', body(), { cookie, origin: server.url });
      expect(again.status).toBe(400);
      expect(again.headers.get('location')).toBeNull();
    });

    it('refuses a post without a session, and an unknown ticket', async () => {
      const { http, ticket, csrf, project, cookie } = await ticketAndCsrf();
      const anonymous = await http.postForm('/oauth/authorize', form({ ticket, csrf_token: csrf, project_id: project.id, decision: 'approve' }), { origin: server.url });
      expect(anonymous.status).toBe(401);
      const unknown = await http.postForm('/oauth/authorize', form({ ticket: 'nope', csrf_token: csrf, decision: 'approve' }), { cookie, origin: server.url });
      expect(unknown.status).toBe(400);
    });
  });
});
