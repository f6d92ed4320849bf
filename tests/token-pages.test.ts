import { eq } from 'drizzle-orm';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as unsubscribeRoute from '@/app/unsubscribe/[token]/route';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { recipients } from '@/db/schema';
import nextConfig from '@/next.config';
import { signingKey } from '@/server/email/signing-key';
import { newList } from '@/server/recipients/__tests__/helpers';
import { unsubscribeToken } from '@/server/unsubscribe/token';
import { startTestServer, type TestServer } from './http';
import { dispatch, REST_ROUTES } from './rest-server';

const STRICT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The headers next.config.ts adds to a path, matched as Next matches `source` (later routes win). */
async function configHeaders(path: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const route of await nextConfig.headers!()) {
    if (!getPathMatch(route.source, { strict: true, removeUnnamedParams: true })(path)) continue;
    for (const { key, value } of route.headers) headers[key.toLowerCase()] = value;
  }
  return headers;
}

describe("next.config.ts leaves the credential pages' own headers alone", () => {
  it.each(['/unsubscribe/a.b', '/oauth/authorize', '/subscribe/confirm/some-token', '/pub/acme/subscribe'])('adds nothing to %s, which sets its own', async (path) => {
    expect(await configHeaders(path)).toEqual({});
  });

  it('gives /verify-email/<token> no-referrer and a CSP without other origins', async () => {
    const headers = await configHeaders('/verify-email/some-token');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("base-uri 'none'");
    expect(headers['content-security-policy']).not.toMatch(/https?:|\*/);
  });

  it.each(['/signin', '/dashboard', '/verify-email', '/p/acme/lists', '/pub/acme', '/pub/subscribe', '/changelog/subscribe'])('keeps the global policy on %s', async (path) => {
    expect(await configHeaders(path)).toMatchObject({ 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'DENY' });
  });
});

describe('the unsubscribe route answers no-referrer and a strict CSP on every response', () => {
  let database: DatabaseHandle;
  let server: TestServer;
  const harness = {} as Parameters<typeof newList>[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startTestServer([
      ['/unsubscribe/', (req) => dispatch({ GET: (r) => unsubscribeRoute.GET(r, paramsOf(r)), POST: (r) => unsubscribeRoute.POST(r, paramsOf(r)) }, req)],
      ...REST_ROUTES,
    ]);
    Object.assign(harness, { db: database.db, handle: database, url: server.url });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const paramsOf = (req: Request) => ({ params: Promise.resolve({ token: new URL(req.url).pathname.split('/')[2] ?? '' }) });

  it('for the confirmation page, the done page and a link that is not valid', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['ana@example.test'] });
    const [ana] = await database.db.select().from(recipients).where(eq(recipients.listId, list.listId));
    const link = `${server.url}/unsubscribe/${unsubscribeToken(await signingKey(database.db), ana!.id)}`;
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' };

    const responses = [await fetch(link), await fetch(link, form), await fetch(`${server.url}/unsubscribe/not-a-token`), await fetch(`${server.url}/unsubscribe/not-a-token`, form)];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 404]);
    for (const response of responses) {
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-security-policy')).toBe(STRICT_CSP);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-store');
      // nothing on the page can send the URL anywhere: no script, no link, no image, a form to itself
      expect(await response.text()).not.toMatch(/<script|<a\s|<img|<link|action="http/i);
    }
  });
});
