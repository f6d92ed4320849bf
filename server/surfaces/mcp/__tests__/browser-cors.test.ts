import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { startUnconfiguredServer } from './local-server';

// A browser-based MCP client, for real: Chromium on a page of another origin calls /mcp and the
// discovery documents with the headers SDK clients send, so every call is preceded by a CORS preflight.
let database: DatabaseHandle;
let api: Awaited<ReturnType<typeof startUnconfiguredServer>>;
let pages: http.Server;
let pagesPort: number;
let browser: Browser;
const preflights: { path: string; origin: string | null; headers: string | null }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  api = await startUnconfiguredServer({
    mcp: (handler) => (req) => {
      if (req.method === 'OPTIONS') preflights.push({ path: '/mcp', origin: req.headers.get('origin'), headers: req.headers.get('access-control-request-headers') });
      return handler(req);
    },
  });
  pages = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>agent</title>'));
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesPort = (pages.address() as AddressInfo).port;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages.close(resolve));
  await api.close();
  await database.close();
});

/** fetch() run in the page; answers what a script there can read. */
function pageFetch(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const res = await fetch(url, init);
        return { status: res.status, challenge: res.headers.get('www-authenticate'), body: await res.text() };
      } catch (error) {
        return { status: 0, challenge: null, body: String(error) };
      }
    },
    { url, init },
  );
}

const modernToolsList = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'browser-agent', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
const mcpHeaders = (token?: string) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/list',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

it('a page of an allowed origin completes preflights and reads /mcp answers, challenges and discovery documents', { timeout: 60_000 }, async () => {
  const { token } = await createTestProject(database.db);
  process.env.MCP_ALLOWED_ORIGINS = `http://localhost:${pagesPort}`;
  const page = await browser.newPage();
  await page.goto(`http://localhost:${pagesPort}/`);

  const listed = await pageFetch(page, `${api.url}/mcp`, { method: 'POST', headers: mcpHeaders(token), body: modernToolsList });
  expect(listed.status, listed.body).toBe(200);
  expect(JSON.parse(listed.body).result.tools).toHaveLength(23);
  expect(preflights.at(-1)).toMatchObject({ path: '/mcp', origin: `http://localhost:${pagesPort}` });
  expect(preflights.at(-1)!.headers).toContain('mcp-method');

  const anonymous = await pageFetch(page, `${api.url}/mcp`, { method: 'POST', headers: mcpHeaders(), body: modernToolsList });
  expect(anonymous.status).toBe(401);
  expect(anonymous.challenge).toBe(`Bearer resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp", scope="mcp"`);

  // SDK clients send MCP-Protocol-Version to the discovery documents too: a preflighted GET
  for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) {
    const doc = await pageFetch(page, `${api.url}${path}`, { headers: { 'mcp-protocol-version': '2026-07-28' } });
    expect(doc.status, path).toBe(200);
    expect(JSON.parse(doc.body), path).toMatchObject(path.includes('protected') ? { resource: `${api.url}/mcp` } : { issuer: api.url });
  }
  await page.close();
});

it('a page of any other origin gets a readable 403 with the challenge', { timeout: 60_000 }, async () => {
  const { token } = await createTestProject(database.db);
  process.env.MCP_ALLOWED_ORIGINS = `http://localhost:${pagesPort}`;
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${pagesPort}/`);
  const refused = await pageFetch(page, `${api.url}/mcp`, { method: 'POST', headers: mcpHeaders(token), body: modernToolsList });
  expect(refused.status).toBe(403);
  expect(refused.challenge).toBe(`Bearer resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp", scope="mcp"`);
  await page.close();
});
