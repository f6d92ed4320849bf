import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { IMPORT_MAX_BYTES } from '@/server/recipients/import-limits';
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { createTestProject, createTestUser } from '@/tests/factories';
import { CLIENT_IP_HEADER } from '@/server/context';
import { getRateLimiter } from '@/server/rate-limit/enforce';
import { RATE_LIMIT_GROUPS } from '@/server/rate-limit/groups';
import { handleDashboardRequest, MAX_BATCH_CALLS, MAX_VISITOR_BODY_BYTES } from '../trpc-endpoint';

let database: DatabaseHandle;
beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ||= randomBytes(32).toString('base64url');
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Credentials = { cookie?: string; authorization?: string; [CLIENT_IP_HEADER]?: string };

const post = (body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, path = 'recipientImports.create', credentials: Credentials = {}) =>
  handleDashboardRequest(
    // Next hands route handlers a NextRequest, whose parsed cookies carry the session
    new NextRequest(`http://localhost/api/trpc/${path}`, {
      method: 'POST',
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json', ...credentials },
      body,
      duplex: 'half',
    }),
  );

/** A signed-in user's session cookie, as the sign-in page sets it: the dashboard's pages post with it. */
async function signedIn() {
  const user = await createTestUser(database.db);
  return { user, cookie: `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: process.env.NEXTAUTH_SECRET! })}` };
}

/** A body of endless megabytes that counts how many of them anything read. */
function endlessBody() {
  const read = { megabytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.megabytes += 1;
        controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read };
}

/** Spends a budget through the process's own limiter, as that many earlier calls would have. */
async function spend(group: 'dashboard' | 'write', key: string) {
  for (let i = 0; i < RATE_LIMIT_GROUPS[group]; i++) await getRateLimiter().check(group, key);
}

const uniqueIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

describe('the dashboard tRPC body cap', () => {
  it('takes a CSV at the 2 MB file cap even when JSON escaping nearly doubles it (a file full of quote marks)', async () => {
    const row = `a@example.test,"${'""'.repeat(30)}"\n`; // a name of 30 quote marks
    const csv = `email,name\n${row.repeat(Math.floor((IMPORT_MAX_BYTES - 100) / row.length))}`;
    const body = JSON.stringify({ list_id: '00000000-0000-4000-8000-000000000000', csv });
    expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(3 * 1024 * 1024);
    const res = await post(body, undefined, { cookie: (await signedIn()).cookie });
    expect(res.status, await res.clone().text()).not.toBe(413);
  });

  it('still refuses a body past the cap with 413', async () => {
    const res = await post(JSON.stringify({ csv: 'x'.repeat(5 * 1024 * 1024) }), undefined, { cookie: (await signedIn()).cookie });
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

describe('the dashboard rate limit, before the body', () => {
  it('refuses a member past their budget unread, with 429 in tRPC shape', async () => {
    const { user, cookie } = await signedIn();
    await spend('dashboard', `user:${user.id}`);
    const { stream, read } = endlessBody();
    const res = await post(stream, 'mailingLists.create', { cookie });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    const answer = await res.json();
    expect(answer.error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(answer.error.message).toMatch(/^Rate limit of 600 requests per minute exceeded/);
    expect(read.megabytes).toBe(0);
  });

  it('refuses an API token past its group budget unread', async () => {
    const { token } = await createTestProject(database.db);
    const ip = uniqueIp();
    await spend('write', ip);
    const { stream, read } = endlessBody();
    const res = await post(stream, 'mailingLists.create', { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: ip });
    expect(res.status).toBe(429);
    expect(read.megabytes).toBe(0);
  });

  it('counts each call of a request once, a batch call by call', async () => {
    const { cookie } = await signedIn();
    const remaining = async (path: string, body: string) => Number((await post(body, path, { cookie })).headers.get('ratelimit-remaining'));
    expect(await remaining('mailingLists.create', '{"name":"One"}')).toBe(RATE_LIMIT_GROUPS.dashboard - 1);
    expect(await remaining('mailingLists.create', '{"name":"Two"}')).toBe(RATE_LIMIT_GROUPS.dashboard - 2);
    expect(await remaining('mailingLists.create,mailingLists.create?batch=1', '{"0":{"name":"A"},"1":{"name":"B"}}')).toBe(RATE_LIMIT_GROUPS.dashboard - 4);
  });

  it('counts a call under its own group whatever slashes its URL carries, as tRPC reads them', async () => {
    const { token } = await createTestProject(database.db);
    const ip = uniqueIp();
    await spend('write', ip);
    for (const path of ['mailingLists.create/', 'mailingLists.create/?batch=1']) {
      const res = await post(path.endsWith('batch=1') ? '{"0":{"name":"Escaped"}}' : '{"name":"Escaped"}', path, { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: ip });
      expect(res.status, path).toBe(429);
      expect(res.headers.get('ratelimit-limit'), path).toBe(String(RATE_LIMIT_GROUPS.write));
    }
  });

  it(`refuses unread and uncounted a batch of more than ${MAX_BATCH_CALLS} calls, a path that is no procedure and one tRPC cannot decode`, async () => {
    const { cookie } = await signedIn();
    const calls = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => 'mailingLists.create').join(',');
    for (const [path, status] of [[`${calls}?batch=1`, 400], ['mailingLists.nothing', 404], ['mailingLists.create,nothing?batch=1', 404], ['mailing%E0Lists.create', 400]] as const) {
      const { stream, read } = endlessBody();
      const res = await post(stream, path, { cookie });
      expect(res.status, path).toBe(status);
      expect(read.megabytes, path).toBe(0);
    }
    const next = await post('{"name":""}', 'mailingLists.create', { cookie });
    expect(next.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT_GROUPS.dashboard - 1));
  });

  it('keeps the count in the headers of a 413 and of an answer tRPC gives before any procedure', async () => {
    const { cookie } = await signedIn();
    const large = await post(JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }), 'mailingLists.create', { cookie });
    expect(large.status).toBe(413);
    expect(large.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT_GROUPS.dashboard - 1));
    const notJson = await handleDashboardRequest(
      new NextRequest('http://localhost/api/trpc/mailingLists.create', { method: 'POST', headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'text/plain', cookie }, body: '{}' }),
    );
    expect(notJson.status).toBe(415);
    expect(notJson.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT_GROUPS.dashboard - 2));
  });
});
