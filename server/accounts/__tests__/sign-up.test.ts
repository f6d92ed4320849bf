import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createSmtpTransport } from '@/server/email/smtp';
import { installTransport } from '@/server/email/transport';
import { RATE_LIMIT_GROUPS } from '@/server/rate-limit/groups';
import { setRateLimiter } from '@/server/rate-limit/enforce';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { startSmtpPeer, type SmtpPeer } from '@/server/release-emails/__tests__/smtp-peer';
import { handleDashboardRequest } from '@/server/surfaces/web/trpc-endpoint';
import { createTestUser, uniqueEmail } from '@/tests/factories';
import { randomClientIp, startTestServer, type TestServer } from '@/tests/http';
import { authenticateUser } from '../get-user';
import { findOrCreateOAuthUser } from '../oauth-user';

let database: DatabaseHandle;
let server: TestServer;
let peer: SmtpPeer;

beforeAll(async () => {
  database = await openTestDatabase();
  process.env.NEXTAUTH_SECRET ||= randomBytes(32).toString('base64url');
  server = await startTestServer([['/api/trpc/', handleDashboardRequest]]);
  process.env.APP_URL = server.url;
  // one fixed-window minute for the whole file: no budget resets between two steps of a test
  const minute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
  setRateLimiter(createMemoryRateLimiter(() => minute + 1_000));
  // email is delivered (a real SMTP server): sign-up must not tell a taken address from a new one
  peer = await startSmtpPeer();
  installTransport(createSmtpTransport(peer.url));
});
afterAll(async () => {
  installTransport(undefined);
  await peer.close();
  await server.close();
  await database.close();
});

/** A dashboard call as the browser makes it: same-origin POST of the tRPC endpoint, from `ip`. */
async function call(procedure: string, input: unknown, ip = randomClientIp()) {
  const res = await fetch(`${server.url}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': ip },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  // the date and the seconds to the rate-limit reset move with the clock, not with the answer
  const headers = [...res.headers].filter(([name]) => name !== 'date' && name !== 'ratelimit-reset');
  return { status: res.status, headers, reset: Number(res.headers.get('ratelimit-reset')), text, json: JSON.parse(text) };
}

/** The messages the SMTP server received for `address`, once there are `n`. */
async function mailTo(address: string, n = 1) {
  const mine = () => peer.received.filter((m) => m.to.includes(address));
  for (let i = 0; i < 200 && mine().length < n; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(mine()).toHaveLength(n);
  return mine();
}

const linkIn = (text: string) => /\/signup\/confirm\/([\w-]+)/.exec(text)?.[1];

describe('sign-up where email is delivered', () => {
  it('answers a taken address exactly as a new one; the new one gets its link, the owner a notice', async () => {
    const owner = await createTestUser(database.db);
    const fresh = uniqueEmail('fresh');
    const asNew = await call('accounts.signUp', { email: fresh, password: 'chosen by someone' });
    const asTaken = await call('accounts.signUp', { email: owner.email, password: 'chosen by someone' });
    expect(asNew.status).toBe(200);
    expect({ ...asTaken, reset: 0 }).toEqual({ ...asNew, reset: 0 });
    expect(Math.abs(asTaken.reset - asNew.reset) % 59, "RateLimit-Reset within a second").toBeLessThanOrEqual(1);
    expect(asNew.json.result.data).toEqual({ status: 'check_email' });

    const [finish] = await mailTo(fresh);
    expect(finish!.parsed.subject).toBe('Finish creating your Shipnote account');
    expect(linkIn(finish!.parsed.text!)).toBeTruthy();
    const [notice] = await mailTo(owner.email);
    expect(notice!.parsed.subject).toBe('You already have a Shipnote account');
    expect(linkIn(notice!.parsed.text!)).toBeUndefined();

    // the owner's account is untouched; the new address cannot sign in before its link is followed
    expect(await authenticateUser(database.db, owner.email, owner.password)).toMatchObject({ email: owner.email });
    expect(await authenticateUser(database.db, owner.email, 'chosen by someone')).toBeNull();
    expect(await authenticateUser(database.db, fresh, 'chosen by someone')).toBeNull();
  });

  it('finishes an account only through its link and with the password chosen at sign-up', async () => {
    const email = uniqueEmail('finish');
    await call('accounts.signUp', { email, password: 'correct horse battery', first_name: 'Ada' });
    const token = linkIn((await mailTo(email))[0]!.parsed.text!)!;

    const wrong = await call('accounts.confirmSignUp', { token, password: 'a guess' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toMatch(/not the password chosen when signing up/);
    expect((await call('accounts.confirmSignUp', { token: 'not-a-link', password: 'correct horse battery' })).status).toBe(404);

    const ok = await call('accounts.confirmSignUp', { token, password: 'correct horse battery' });
    expect(ok.json.result.data).toEqual({ email });
    expect(await authenticateUser(database.db, email, 'correct horse battery')).toMatchObject({ email, first_name: 'Ada', is_active: true, is_verified: true });
    // used up; and the address now answers sign-up as a taken one
    expect((await call('accounts.confirmSignUp', { token, password: 'correct horse battery' })).status).toBe(404);
  });

  it("someone else's unconfirmed sign-up neither blocks the address nor captures it", async () => {
    const victim = uniqueEmail('victim');
    await call('accounts.signUp', { email: victim, password: "the attacker's password" });
    // the owner signs up next: one email a minute per address, so the link they have is the first one
    await call('accounts.signUp', { email: victim, password: 'the owner password' });
    const [link] = await mailTo(victim);
    const token = linkIn(link!.parsed.text!)!;
    expect((await call('accounts.confirmSignUp', { token, password: "the attacker's password" })).status).toBe(401);
    expect((await call('accounts.confirmSignUp', { token, password: 'the owner password' })).status).toBe(200);
    expect(await authenticateUser(database.db, victim, 'the owner password')).toMatchObject({ email: victim });

    // a verified GitHub sign-in takes over an unconfirmed sign-up, dropping the password it was given
    const other = uniqueEmail('github');
    await call('accounts.signUp', { email: other, password: "the attacker's password" });
    expect(await findOrCreateOAuthUser(database.db, { email: other, emailVerified: true })).toMatchObject({ email: other, is_active: true, is_verified: true });
    expect(await authenticateUser(database.db, other, "the attacker's password")).toBeNull();
  });

  it('sends at most one email a minute to an address, and refuses an address past its sign-ups a minute', async () => {
    const target = await createTestUser(database.db);
    const ip = randomClientIp();
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMIT_GROUPS.signUp }, () => call('accounts.signUp', { email: target.email, password: 'flooding the inbox' }, ip)),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const refused = await call('accounts.signUp', { email: uniqueEmail(), password: 'one more sign-up' }, ip);
    expect(refused.status).toBe(429);
    expect(Number(new Map(refused.headers).get('retry-after'))).toBeGreaterThan(0);
    // ten sign-ups, one notice
    await mailTo(target.email);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.received.filter((m) => m.to.includes(target.email))).toHaveLength(1);
  }, 120_000);
});
