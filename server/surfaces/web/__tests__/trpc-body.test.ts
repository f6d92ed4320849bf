import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { IMPORT_MAX_BYTES } from '@/server/recipients/import-limits';
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { createTestProject, createTestUser } from '@/tests/factories';
import { handleDashboardRequest, MAX_VISITOR_BODY_BYTES } from '../trpc-endpoint';

let database: DatabaseHandle;
beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ||= randomBytes(32).toString('base64url');
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const post = (body: string | Uint8Array<ArrayBuffer>, path = 'recipientImports.create', credentials: { cookie?: string; authorization?: string } = {}) =>
  handleDashboardRequest(
    // Next hands route handlers a NextRequest, whose parsed cookies carry the session
    new NextRequest(`http://localhost/api/trpc/${path}`, {
      method: 'POST',
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json', ...credentials },
      body,
    }),
  );

/** A signed-in user's session cookie, as the sign-in page sets it: the dashboard's pages post with it. */
async function signedIn() {
  const user = await createTestUser(database.db);
  return `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: process.env.NEXTAUTH_SECRET! })}`;
}

describe('the dashboard tRPC body cap', () => {
  it('takes a CSV at the 2 MB file cap even when JSON escaping nearly doubles it (a file full of quote marks)', async () => {
    const row = `a@example.test,"${'""'.repeat(30)}"\n`; // a name of 30 quote marks
    const csv = `email,name\n${row.repeat(Math.floor((IMPORT_MAX_BYTES - 100) / row.length))}`;
    const body = JSON.stringify({ list_id: '00000000-0000-4000-8000-000000000000', csv });
    expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(3 * 1024 * 1024);
    const res = await post(body, undefined, { cookie: await signedIn() });
    expect(res.status, await res.clone().text()).not.toBe(413);
  });

  it('still refuses a body past the cap with 413', async () => {
    const res = await post(JSON.stringify({ csv: 'x'.repeat(5 * 1024 * 1024) }), undefined, { cookie: await signedIn() });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe('Request body is larger than 5 MB');
  });

  it('refuses a visitor a body past 64 KB unread, and takes their small calls', async () => {
    const overVisitorCap = JSON.stringify({ email: 'x'.repeat(MAX_VISITOR_BODY_BYTES) });
    const large = await post(overVisitorCap, 'accounts.signUp');
    expect(large.status).toBe(413);
    expect((await large.json()).error.message).toBe('Request body is larger than 64 KB without a session or an API token: sign in to send more');
    expect((await post(overVisitorCap, 'accounts.signUp', { cookie: 'next-auth.session-token=forged' })).status).toBe(413);
    expect((await post(overVisitorCap, 'accounts.signUp', { authorization: 'Bearer service_key_not_ours' })).status).toBe(413);
    const small = await post(JSON.stringify({ email: 'not an address', password: 'correct horse battery' }), 'accounts.signUp');
    expect(small.status).toBe(400);
  });

  it('takes 5 MB from a caller with an API token, as REST does', async () => {
    const { token } = await createTestProject(database.db);
    const res = await post(JSON.stringify({ name: 'x'.repeat(MAX_VISITOR_BODY_BYTES) }), 'mailingLists.create', { authorization: `Bearer ${token}` });
    expect(res.status, await res.clone().text()).toBe(400);
    expect((await res.json()).error.message).toMatch(/name/i);
  });
});

describe('the dashboard tRPC input check', () => {
  it('refuses a NUL, a lone surrogate and a __proto__ key with 400 before anything runs, where it was a 500', async () => {
    for (const body of ['{"name":"a\\u0000b"}', '{"name":"\\ud800"}', '{"name":"ok","__proto__":{}}']) {
      const res = await post(body, 'mailingLists.create');
      expect(res.status, body).toBe(400);
      expect((await res.json()).error.message).toMatch(/: Text must not contain NUL characters or lone surrogates/);
    }
  });

  it('refuses bytes that are not UTF-8 rather than storing U+FFFD', async () => {
    const res = await post(new Uint8Array([...Buffer.from('{"name":"a'), 0xff, ...Buffer.from('"}')]), 'mailingLists.create');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('The request body is not UTF-8 text');
  });

  it('answers each call of a batch, and lets safe input through to the session check', async () => {
    const batch = await post('{"0":{"name":"ok"},"1":{"name":"a\\u0000"}}', 'mailingLists.create,mailingLists.create?batch=1');
    expect(batch.status).toBe(400);
    expect((await batch.json()).map((answer: { error: { data: { code: string } } }) => answer.error.data.code)).toEqual(['BAD_REQUEST', 'BAD_REQUEST']);
    const safe = await post('{"name":"ok"}', 'mailingLists.create');
    expect(safe.status).toBe(401);
  });
});
