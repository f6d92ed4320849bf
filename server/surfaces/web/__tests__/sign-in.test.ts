import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { RATE_LIMIT_GROUPS } from '@/server/rate-limit/groups';
import { setRateLimiter } from '@/server/rate-limit/enforce';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { createTestUser, uniqueEmail } from '@/tests/factories';
import { randomClientIp, startTestServer, type TestServer } from '@/tests/http';
import { handleAuthRequest } from '../auth-endpoint';
import { KNOWN_DEVICE_COOKIE } from '../known-device';

let database: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  process.env.NEXTAUTH_SECRET ||= randomBytes(32).toString('base64url');
  server = await startTestServer([
    // next-auth's route as app/api/auth/[...nextauth]/route.ts mounts it
    ['/api/auth/', (req) => handleAuthRequest(req, { params: Promise.resolve({ nextauth: new URL(req.url).pathname.split('/').slice(3) }) })],
    // any request that needs nothing but the event loop
    ['/health', () => Response.json({ status: 'healthy' })],
  ]);
  process.env.NEXTAUTH_URL = server.url;
  // one fixed-window minute for the whole file: no window can roll over between two steps of a test
  const minute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
  setRateLimiter(createMemoryRateLimiter(() => minute + 1_000));
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** One browser: its address, its cookies (CSRF, session, known device), as next-auth's client posts. */
function browser(ip = randomClientIp()) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  return {
    jar,
    async signIn(email: string, password: string, from = ip) {
      const csrf = await fetch(`${server.url}/api/auth/csrf`, { headers: { 'x-forwarded-for': from, cookie: cookie() } });
      keep(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const res = await fetch(`${server.url}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'x-forwarded-for': from, 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
        body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${server.url}/dashboard`, json: 'true' }),
      });
      keep(res);
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { url: string; detail?: string } };
    },
  };
}

const errorOf = (body: { url: string }) => new URL(body.url).searchParams.get('error');

describe('password sign-in through next-auth', () => {
  it('signs in with the right password (session and known-device cookies) and refuses a wrong one with 401', { timeout: 120_000 }, async () => {
    const user = await createTestUser(database.db);
    const ada = browser();
    const wrong = await ada.signIn(user.email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong.body)).toBe('CredentialsSignin');
    const right = await ada.signIn(user.email.toUpperCase(), user.password);
    expect(right.status).toBe(200);
    expect([...ada.jar.keys()]).toEqual(expect.arrayContaining(['next-auth.session-token', KNOWN_DEVICE_COOKIE]));
  });
});

describe('sign-in throttle', () => {
  it('refuses the 6th attempt on one account from one address with 429 and Retry-After; other accounts and addresses go on', async () => {
    const user = await createTestUser(database.db);
    const attacker = browser();
    for (let i = 0; i < RATE_LIMIT_GROUPS.signInAccount; i++) expect((await attacker.signIn(user.email, `guess ${i}`)).status).toBe(401);
    const refused = await attacker.signIn(user.email, 'one more guess');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.detail).toBe(`Too many attempts, try again in ${refused.retryAfter} seconds`);
    // what the sign-in form shows: next-auth's client hands it `error` from the url
    expect(errorOf(refused.body)).toBe(`TooManyAttempts:${refused.retryAfter}`);
    // even the right password is not checked now, from that address
    expect((await attacker.signIn(user.email, user.password)).status).toBe(429);

    // the owner elsewhere, and another account from the attacker's address, are not affected
    expect((await browser().signIn(user.email, user.password)).status).toBe(200);
    const other = await createTestUser(database.db);
    expect((await attacker.signIn(other.email, other.password)).status).toBe(200);
  }, 120_000);

  it('refuses an address past 30 attempts a minute, whatever the accounts; other addresses go on', async () => {
    const ip = randomClientIp();
    const sprayed = await Promise.all(Array.from({ length: RATE_LIMIT_GROUPS.signIn }, () => browser(ip).signIn(uniqueEmail('spray'), 'password1')));
    expect(sprayed.map((r) => r.status)).toEqual(sprayed.map(() => 401));
    expect((await browser(ip).signIn(uniqueEmail('spray'), 'password1')).status).toBe(429);
    expect((await browser().signIn(uniqueEmail('spray'), 'password1')).status).toBe(401);
  }, 120_000);

  it('caps one account across all addresses, except in a browser that signed in to it before', async () => {
    const user = await createTestUser(database.db);
    const usual = browser();
    expect((await usual.signIn(user.email, user.password)).status).toBe(200);
    // a botnet: one guess per address, until the account's budget across addresses is spent
    const guesses = await Promise.all(Array.from({ length: RATE_LIMIT_GROUPS.signInAccountAll - 1 }, (_, i) => browser().signIn(user.email, `guess ${i}`)));
    expect(guesses.map((r) => r.status)).toEqual(guesses.map(() => 401));
    expect((await browser().signIn(user.email, 'next guess')).status).toBe(429);
    // a browser that does not know the account waits too (at most a minute after the attack stops)...
    expect((await browser().signIn(user.email, user.password)).status).toBe(429);
    // ...but the owner's usual browser signs in, even from a new address
    expect((await usual.signIn(user.email, user.password, randomClientIp())).status).toBe(200);
    // the tag is the account's own: it does not exempt guesses at another account
    const other = await createTestUser(database.db);
    await Promise.all(Array.from({ length: RATE_LIMIT_GROUPS.signInAccountAll }, (_, i) => browser().signIn(other.email, `guess ${i}`)));
    expect((await usual.signIn(other.email, other.password, randomClientIp())).status).toBe(429);
  }, 120_000);
});

describe('a sign-in flood', () => {
  it('keeps the server answering while 40 wrong sign-ins are hashed: bcrypt runs off the event loop', async () => {
    const known = await createTestUser(database.db);
    const accounts = Array.from({ length: 40 }, (_, i) => (i % 2 ? known.email : uniqueEmail('flood')));
    // every attempt comes from its own address, as from a botnet, so every one reaches bcrypt
    const attempts = await Promise.all(accounts.map(async (email) => ({ b: browser(), email })));
    let done = false;
    let answered = 0;
    const health = (async () => {
      while (!done) {
        const res = await fetch(`${server.url}/health`);
        if (res.status === 200) answered += 1;
        await res.arrayBuffer();
      }
    })();
    const results = await Promise.all(attempts.map(({ b, email }) => b.signIn(email, 'wrong password')));
    done = true;
    await health;

    // the work was done: 40 refusals, each after a bcrypt comparison (unknown accounts hash a dummy)
    expect(results.map((r) => r.status)).toEqual(accounts.map(() => 401));
    // meanwhile other requests kept being answered, one after the other: at least two for every hash.
    // Measured here: thousands with the native bcrypt, 8 in the whole flood with bcryptjs (the old code)
    expect(answered).toBeGreaterThanOrEqual(2 * accounts.length);
  }, 120_000);
});
