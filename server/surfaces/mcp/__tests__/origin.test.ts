import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { randomClientIp, type TestServer } from '@/tests/http';
import { startUnconfiguredServer } from './local-server';

// DNS-rebinding protection on /mcp (MCP transports): a browser's Origin must be the app's own or one
// listed in MCP_ALLOWED_ORIGINS; with APP_URL unset, only loopback or private origins can be.
let database: DatabaseHandle;
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  token = (await createTestProject(database.db)).token;
});
afterAll(() => database.close());

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'origin-test', version: '1' } },
});

function post(url: string, headers: Record<string, string> = {}, body = initialize) {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': randomClientIp(), authorization: `Bearer ${token}`, ...headers },
    body,
  });
}

async function expectRefused(res: Response, resourceOrigin: string) {
  expect(res.status).toBe(403);
  expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${resourceOrigin}/.well-known/oauth-protected-resource/mcp", scope="mcp"`);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  expect((await res.json()).detail).toMatch(/^Origin not allowed/);
}

describe('with APP_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startOAuthServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    process.env.APP_URL = server.url;
    delete process.env.MCP_ALLOWED_ORIGINS;
  });

  it('serves requests without Origin (not browsers) and from the app\'s own origin', async () => {
    expect((await post(server.url)).status).toBe(200);
    expect((await post(server.url, { origin: server.url })).status).toBe(200);
  });

  it.each([['another site', 'http://evil.example'], ['an opaque origin', 'null'], ['another port of the same host', 'http://127.0.0.1:1'], ['not a URL', 'garbage']])(
    'refuses %s with 403 and the resource challenge, before authentication',
    async (_, origin) => {
      await expectRefused(await post(server.url, { origin }), server.url);
      await expectRefused(await post(server.url, { origin, authorization: '' }), server.url);
    },
  );

  it('serves the origins listed in MCP_ALLOWED_ORIGINS, and only those', async () => {
    process.env.MCP_ALLOWED_ORIGINS = 'https://agent.example, http://localhost:5173/';
    expect((await post(server.url, { origin: 'https://agent.example' })).status).toBe(200);
    expect((await post(server.url, { origin: 'http://localhost:5173' })).status).toBe(200);
    await expectRefused(await post(server.url, { origin: 'https://agent.example.evil' }), server.url);
  });

  it('refuses a foreign Origin on GET and DELETE too; without one they answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      await expectRefused(await fetch(`${server.url}/mcp`, { method, headers: { origin: 'http://evil.example' } }), server.url);
      expect((await fetch(`${server.url}/mcp`, { method })).status).toBe(405);
    }
  });

  it('a 401 names the resource metadata and scope, readable by browsers', async () => {
    const res = await post(server.url, { origin: server.url, authorization: '' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="mcp"`);
    expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });
});

describe('with nothing configured', () => {
  let server: Awaited<ReturnType<typeof startUnconfiguredServer>>;
  beforeAll(async () => {
    server = await startUnconfiguredServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    delete process.env.APP_URL;
    delete process.env.MCP_ALLOWED_ORIGINS;
  });

  it('serves each loopback host from its own origin', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const url = `http://${host}:${server.port}`;
      expect((await post(url, { origin: url })).status, host).toBe(200);
    }
    await expectRefused(await post(server.url, { origin: `http://localhost:${server.port}` }), server.url);
  });

  it('refuses a public Origin even when MCP_ALLOWED_ORIGINS lists it, and a loopback one it lists is served', async () => {
    process.env.MCP_ALLOWED_ORIGINS = 'https://agent.example,http://localhost:6274';
    await expectRefused(await post(server.url, { origin: 'https://agent.example' }), server.url);
    expect((await post(server.url, { origin: 'http://localhost:6274' })).status).toBe(200);
  });

  it('another Host is refused by the front (421) before /mcp runs', async () => {
    // fetch() sends the URL's Host whatever it is told: a raw request, as a rebound browser would send
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${server.url}/mcp`, { method: 'POST', headers: { host: `evil.example:${server.port}`, origin: `http://evil.example:${server.port}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end(initialize);
    });
    expect(status).toBe(421);
  });
});
