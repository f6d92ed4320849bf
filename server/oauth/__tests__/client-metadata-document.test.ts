import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { oauthClients } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { CLIENT_METADATA_LIMITS, clientFromMetadataDocument } from '../client-metadata-document';
import { consent, form, oauthHttp, pkcePair, REDIRECT_URI, startOAuthServer } from './helpers';

let database: DatabaseHandle;
let server: TestServer;
let documents: http.Server;
let documentsUrl: string;
/** what the document server answers per path, and how often each was fetched */
const served = new Map<string, { status?: number; body: string; headers?: Record<string, string> }>();
const fetches = new Map<string, number>();

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
  documents = http.createServer((req, res) => {
    fetches.set(req.url!, (fetches.get(req.url!) ?? 0) + 1);
    const answer = served.get(req.url!);
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentsUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.OAUTH_CIMD_ALLOW_PRIVATE;
  documents.close();
  await server.close();
  await database.close();
});

/** Publishes a client's document on the local document server and returns its URL (the client_id). */
function publish(path: string, document: (clientId: string) => object, headers?: Record<string, string>) {
  const clientId = documentsUrl + path;
  served.set(path, { body: JSON.stringify(document(clientId)), headers });
  return clientId;
}

const agent = (clientId: string) => ({ client_id: clientId, client_name: 'Docs Agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });

describe('Client ID Metadata Documents', () => {
  it('are advertised in the authorization server metadata', async () => {
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it('a client identified by its document URL completes consent and the token exchange; the page names its host', async () => {
    process.env.OAUTH_CIMD_ALLOW_PRIVATE = 'true'; // development: the document lives on loopback http
    const clientId = publish('/agents/docs.json', agent, { 'cache-control': 'max-age=600' });
    const owner = await createTestProject(database.db);
    const api = oauthHttp(server.url);
    const pkce = pkcePair();
    const start = await api.get(`/oauth/authorize?${form({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkce.challenge, code_challenge_method: 'S256', state: 's' })}`);
    expect(start.status).toBe(302);
    const back = await consent(server.url, api, { clientId, userId: owner.user.id, projectId: owner.project.id, challenge: pkce.challenge });
    const token = await api.postForm(
      '/oauth/token',
      form({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT_URI, client_id: clientId, code_verifier: pkce.verifier }),
    );
    expect(token.status).toBe(200);
    expect((await token.json()).access_token).toMatch(/^service_at_/);
    // cached per its Cache-Control: three authorization requests, one fetch
    expect(fetches.get('/agents/docs.json')).toBe(1);

    const ticket = new URL(start.headers.get('location')!).searchParams.get('ticket')!;
    const { sessionCookie } = await import('./helpers');
    const page = await (await api.get(`/oauth/authorize?ticket=${encodeURIComponent(ticket)}`, { cookie: await sessionCookie(owner.user.id) })).text();
    expect(page).toContain(`published by <strong>${new URL(documentsUrl).host}</strong>`);
  });

  it('a client whose row went while it was still cached (the purge of unused clients) is unknown, not a 500', async () => {
    process.env.OAUTH_CIMD_ALLOW_PRIVATE = 'true';
    const clientId = publish('/agents/purged.json', agent, { 'cache-control': 'max-age=600' });
    const api = oauthHttp(server.url);
    const authorize = () =>
      api.get(`/oauth/authorize?${form({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`);
    expect((await authorize()).status).toBe(302);
    await database.db.delete(oauthClients).where(eq(oauthClients.clientId, clientId));
    const again = await authorize();
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This application is not registered');
  });

  it('refuses documents that name another client, are too large, redirect in a loop or are not public clients', async () => {
    process.env.OAUTH_CIMD_ALLOW_PRIVATE = 'true';
    const cases = [
      publish('/other.json', () => ({ ...agent(`${documentsUrl}/someone-else.json`) })),
      publish('/large.json', (id) => ({ ...agent(id), client_name: 'x'.repeat(6000) })),
      publish('/secret.json', (id) => ({ ...agent(id), token_endpoint_auth_method: 'client_secret_basic' })),
      publish('/bad-redirect.json', (id) => ({ ...agent(id), redirect_uris: ['http://evil.example/cb'] })),
    ];
    served.set('/loop.json', { status: 302, body: '', headers: { location: '/loop.json' } });
    cases.push(`${documentsUrl}/loop.json`, `${documentsUrl}/missing.json`);
    for (const clientId of cases) {
      const res = await oauthHttp(server.url).get(`/oauth/authorize?${form({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`);
      expect(res.status, clientId).toBe(400);
      expect(res.headers.get('location'), clientId).toBeNull();
    }
    expect(fetches.get('/loop.json')).toBeLessThanOrEqual(4);
  });

  it('gives up on a server that drips its document after the 5 s total deadline, not hours later', async () => {
    process.env.OAUTH_CIMD_ALLOW_PRIVATE = 'true';
    // one byte a second for a minute: never idle long enough for a socket timeout
    const drip = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).write('{');
      const dripping = setInterval(() => res.write(' '), 1000);
      const finishing = setTimeout(() => res.end('}'), 60_000);
      res.on('close', () => {
        clearInterval(dripping);
        clearTimeout(finishing);
      });
    });
    await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', resolve));
    try {
      const clientId = `http://127.0.0.1:${(drip.address() as AddressInfo).port}/slow.json`;
      const started = Date.now();
      const res = await oauthHttp(server.url).get(`/oauth/authorize?${form({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('longer than 5000 ms');
      expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_METADATA_LIMITS.timeoutMs - 100);
      expect(Date.now() - started).toBeLessThan(CLIENT_METADATA_LIMITS.timeoutMs + 2000);
    } finally {
      drip.closeAllConnections();
      drip.close();
    }
  }, 15_000);

  it('counts a document client as new at each fetch, so the purge of unused clients never takes a cached row', async () => {
    process.env.OAUTH_CIMD_ALLOW_PRIVATE = 'true';
    const clientId = publish('/agents/refetched.json', agent);
    const first = await clientFromMetadataDocument(database.db, clientId);
    await database.db.update(oauthClients).set({ createdAt: new Date(Date.now() - 8 * 86400_000) }).where(eq(oauthClients.id, first.id));
    // past the cache: fetched again, same row, its clock restarted
    const again = await clientFromMetadataDocument(database.db, clientId, Date.now() + 2 * 86400_000);
    expect(again.id).toBe(first.id);
    expect(Date.now() - again.createdAt.getTime()).toBeLessThan(60_000);
  });

  it('never fetches from loopback or private addresses unless configured for development (SSRF guard)', async () => {
    delete process.env.OAUTH_CIMD_ALLOW_PRIVATE;
    const before = fetches.get('/guarded.json') ?? 0;
    publish('/guarded.json', agent);
    // http is not a metadata document URL at all; https to a loopback address is refused at connect time
    for (const clientId of [`${documentsUrl}/guarded.json`, `https://127.0.0.1:${new URL(documentsUrl).port}/guarded.json`, 'https://169.254.169.254/latest/meta-data.json']) {
      const res = await oauthHttp(server.url).get(`/oauth/authorize?${form({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`);
      expect(res.status, clientId).toBe(400);
    }
    expect(fetches.get('/guarded.json') ?? 0).toBe(before);
  });
});
