import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import { pendingSubscriptions, recipients } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import * as confirmRoute from '@/app/subscribe/confirm/[token]/route';
import * as formRoute from '@/app/(public)/pub/[project]/subscribe/route';
import type { OutgoingEmail } from '@/server/email/message';
import { installTransport } from '@/server/email/transport';
import { purgeExpired } from '@/server/maintenance/purge';
import { createList } from '@/server/mailing-lists/create';
import { listLists } from '@/server/mailing-lists/list';
import { setRateLimiter } from '@/server/rate-limit/enforce';
import { RATE_LIMIT_GROUPS } from '@/server/rate-limit/groups';
import { createMemoryRateLimiter } from '@/server/rate-limit/memory';
import { addRecipients } from '@/server/recipients/add';
import { removeRecipient } from '@/server/recipients/remove';
import { createTestProject } from '@/tests/factories';
import { apiClient, randomClientIp, startTestServer, type TestServer } from '@/tests/http';
import { REST_ROUTES } from '@/tests/rest-server';
import { startFastPathServer } from '@/server/banner/__tests__/servers';
import { recordSuppression } from '@/server/suppressions/internal';
import { requestSubscription } from '../request';
import { getSubscribeForm, setSubscribeForm } from '../settings';

let handle: DatabaseHandle;
let db: Database;
let server: TestServer;
const sent: OutgoingEmail[] = [];
const appUrlBefore = process.env.APP_URL;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  server = await startTestServer([
    ...REST_ROUTES,
    ['/pub/', (req) => formRoute.POST(req, { params: Promise.resolve({ project: new URL(req.url).pathname.split('/')[2]! }) })],
    ['/subscribe/confirm/', (req) => {
      const route = req.method === 'POST' ? confirmRoute.POST : confirmRoute.GET;
      return route(req, { params: Promise.resolve({ token: new URL(req.url).pathname.split('/')[3]! }) });
    }],
  ]);
  process.env.APP_URL = server.url;
  pinRateLimiter();
  installTransport({ kind: 'outbox', deliver: async (email) => (sent.push(email), { response: 'recorded' }), close: async () => {} });
});
afterAll(async () => {
  installTransport(undefined);
  if (appUrlBefore === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = appUrlBefore;
  await server.close();
  await handle.close();
});

/** One fixed-window minute: no budget resets between two steps of a test. */
function pinRateLimiter() {
  const minute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
  setRateLimiter(createMemoryRateLimiter(() => minute + 1_000));
}

/** A project whose public form fills a new list. */
async function projectWithForm() {
  const { project } = await createTestProject(db);
  const ctx = { db, projectId: project.id };
  const list = await createList({ ctx, input: { name: 'Updates' } });
  await setSubscribeForm({ ctx, input: { list_id: list.id } });
  return { ctx, project, listId: list.id };
}

const address = (label = 'reader') => `${label}-${randomUUID().slice(0, 8)}@example.test`;

/** Submits like the public form, awaiting the confirmation email when one is due; the emails sent for it. */
async function submit(project: { slug: string }, email: string) {
  const before = sent.length;
  const { answer, delivery } = await requestSubscription({ ctx: { db }, input: { project: project.slug, email } });
  expect(answer).toEqual({ status: 'check_email' });
  await delivery;
  return sent.slice(before);
}

const tokenOf = (email: OutgoingEmail) => /\/subscribe\/confirm\/([\w-]+)/.exec(email.text)![1]!;

async function recipientOf(listId: string, email: string) {
  const [row] = await db.select().from(recipients).where(and(eq(recipients.listId, listId), eq(recipients.email, email)));
  return row;
}

/** The confirmation page's button, as the browser sends it: Origin null (no-referrer), Sec-Fetch-Site same-origin. */
function pressConfirm(token: string, headers: Record<string, string> = { origin: 'null', 'sec-fetch-site': 'same-origin' }) {
  return fetch(`${server.url}/subscribe/confirm/${token}`, { method: 'POST', headers: { 'x-forwarded-for': randomClientIp(), ...headers } });
}

async function setUp(states: { active?: string; removed?: string; unsubscribed?: string }, ctx: { db: Database; projectId: string }, listId: string) {
  const all = Object.values(states);
  await addRecipients({ ctx, input: { list_id: listId, emails: all } });
  if (states.removed) await removeRecipient({ ctx, input: { list_id: listId, identifier: states.removed } });
  if (states.unsubscribed) {
    await db.update(recipients).set({ status: 'unsubscribed', statusChangedAt: sql`now()` }).where(and(eq(recipients.listId, listId), eq(recipients.email, states.unsubscribed)));
  }
}

describe('submitting the form', () => {
  it('answers every valid submission identically, whatever the address state, and changes no recipient', async () => {
    const { ctx, project, listId } = await projectWithForm();
    const states = { active: address('active'), removed: address('removed'), unsubscribed: address('unsub') };
    await setUp(states, ctx, listId);
    const pending = address('pending');
    await submit(project, pending);
    const before = await db.select().from(recipients).where(eq(recipients.listId, listId)).orderBy(recipients.seq);

    const answers = [];
    for (const email of [address('new'), pending, states.active, states.removed, states.unsubscribed.toUpperCase()]) {
      // each from a client of its own, so the RateLimit-Remaining header is the same too
      const res = await apiClient(server.url)('POST', '/api/v1/subscribe', { project: project.slug, email });
      const headers = [...res.headers].filter(([name]) => !['date', 'ratelimit-reset'].includes(name));
      answers.push({ status: res.status, text: res.text, headers });
    }
    expect(answers[0]!.status).toBe(202);
    expect(answers[0]!.text).toBe('{"status":"check_email"}');
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await db.select().from(recipients).where(eq(recipients.listId, listId)).orderBy(recipients.seq)).toEqual(before);
  });

  it('mails only new and removed addresses that are not suppressed, at most once a day per address and list', async () => {
    const { ctx, project, listId } = await projectWithForm();
    const states = { active: address('active'), removed: address('removed'), unsubscribed: address('unsub') };
    await setUp(states, ctx, listId);
    expect(await submit(project, states.active)).toHaveLength(0);
    expect(await submit(project, states.unsubscribed)).toHaveLength(0);
    expect(await submit(project, states.removed)).toHaveLength(1);
    const bounced = address('bounced');
    await recordSuppression(db, { projectId: project.id, email: bounced, reason: 'hard_bounce', source: 'smtp' });
    expect(await submit(project, bounced)).toHaveLength(0);

    const email = address();
    const [first] = await submit(project, email);
    expect(first!.to.address).toBe(email);
    expect(first!.owner).toEqual({ projectId: project.id });
    expect(first!.text).toContain(`${server.url}/subscribe/confirm/`);
    expect(await submit(project, email)).toHaveLength(0);
    expect(await submit(project, ` ${email.toUpperCase()} `)).toHaveLength(0);
    // a day later one more, with a new link; the old one stops working
    await db.update(pendingSubscriptions).set({ lastSentAt: sql`now() - interval '24 hours 1 second'` }).where(eq(pendingSubscriptions.email, email));
    const [second] = await submit(project, email);
    expect(tokenOf(second!)).not.toBe(tokenOf(first!));
    expect((await pressConfirm(tokenOf(first!))).status).toBe(404);
    expect(await submit(project, email)).toHaveLength(0);
  });

  it('refuses an invalid address (422) and a project without a form (404), on REST and the HTML form', async () => {
    const { project } = await projectWithForm();
    const { project: formless } = await createTestProject(db);
    const call = apiClient(server.url);
    expect((await call('POST', '/api/v1/subscribe', { project: project.slug, email: 'not an address' })).status).toBe(422);
    expect((await call('POST', '/api/v1/subscribe', { project: project.slug })).status).toBe(422);
    expect((await call('POST', '/api/v1/subscribe', { project: project.slug, email: `${'a'.repeat(250)}@example.test` })).status).toBe(422);
    const off = await call('POST', '/api/v1/subscribe', { project: formless.slug, email: address() });
    expect(off.status).toBe(404);
    expect(off.json).toEqual({ detail: 'This project has no subscribe form' });

    const form = (slug: string, body: string) =>
      fetch(`${server.url}/pub/${slug}/subscribe`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomClientIp() }, body });
    const ok = await form(project.slug, `email=${encodeURIComponent(address())}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Check your email');
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await form(project.slug, 'email=nope')).status).toBe(422);
    expect((await form(formless.slug, `email=${encodeURIComponent(address())}`)).status).toBe(404);
    expect((await form(project.slug, `email=${'a'.repeat(5000)}`)).status).toBe(413);
  });

  it('throttles each client address, and silently drops floods naming one address', async () => {
    const { project } = await projectWithForm();
    const call = apiClient(server.url);
    const limit = RATE_LIMIT_GROUPS.subscribe;
    for (let i = 0; i < limit; i++) expect((await call('POST', '/api/v1/subscribe', { project: project.slug, email: address() })).status).toBe(202);
    const refused = await call('POST', '/api/v1/subscribe', { project: project.slug, email: address() });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    const target = address('target');
    expect(await submit(project, target)).toHaveLength(1);
    for (let i = 1; i < RATE_LIMIT_GROUPS.subscribeAddress; i++) await submit(project, target);
    // past the address's budget even a due email is not sent, and the answer is unchanged
    await db.update(pendingSubscriptions).set({ lastSentAt: sql`now() - interval '25 hours'` }).where(eq(pendingSubscriptions.email, target));
    expect(await submit(project, target)).toHaveLength(0);
  });

  it('lets any site call it from a script: the fast path answers the preflight, the answer allows any origin', async () => {
    const fast = await startFastPathServer();
    try {
      const preflight = await fetch(`${fast.url}/api/v1/subscribe`, { method: 'OPTIONS', headers: { origin: 'https://acme.example', 'access-control-request-method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
    } finally {
      await fast.close();
      pinRateLimiter();
    }
    const { project } = await projectWithForm();
    const res = await apiClient(server.url)('POST', '/api/v1/subscribe', { project: project.slug, email: address() }, { origin: 'https://acme.example' });
    expect(res.status).toBe(202);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the confirmation link', () => {
  it('GET shows the button and confirms nothing; the POST from the page makes the address active once', async () => {
    const { project, listId } = await projectWithForm();
    const email = address();
    const [mail] = await submit(project, email);
    const link = `${server.url}/subscribe/confirm/${tokenOf(mail!)}`;
    for (let i = 0; i < 3; i++) {
      const page = await fetch(link, { headers: { 'x-forwarded-for': randomClientIp() } });
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain('<form method="post"><button type="submit">Confirm subscription</button></form>');
      expect(html).toContain(email);
    }
    expect(await recipientOf(listId, email)).toBeUndefined();
    const activeCount = async () => (await listLists({ ctx: { db, projectId: project.id } }))[0]!.active_count;
    expect(await activeCount()).toBe(0); // the project's lists are now kept in memory

    const done = await pressConfirm(tokenOf(mail!));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are subscribed');
    expect(await recipientOf(listId, email)).toMatchObject({ status: 'active', statusChangedAt: null });
    expect(await activeCount()).toBe(1);

    // the link is used up: opened or pressed again (a second device, a double click) it says so and changes nothing
    await removeRecipient({ ctx: { db, projectId: project.id }, input: { list_id: listId, identifier: email } });
    for (const again of [await fetch(link, { headers: { 'x-forwarded-for': randomClientIp() } }), await pressConfirm(tokenOf(mail!))]) {
      expect(again.status).toBe(200);
      const html = await again.text();
      expect(html).toContain('Already confirmed');
      expect(html).toContain('If you no longer receive its emails, subscribe again');
      expect(html).not.toContain(email);
      expect(html).not.toContain('<form');
    }
    expect(await recipientOf(listId, email)).toMatchObject({ status: 'removed' });

    // removed since, the address may ask again at once: a new link, and the old one stops working
    const [next] = await submit(project, email);
    expect(tokenOf(next!)).not.toBe(tokenOf(mail!));
    expect((await fetch(link)).status).toBe(404);
    expect((await pressConfirm(tokenOf(next!))).status).toBe(200);
    expect(await recipientOf(listId, email)).toMatchObject({ status: 'active' });
  });

  it('refuses a POST from another site (CSRF) and changes nothing', async () => {
    const { project, listId } = await projectWithForm();
    const email = address();
    const [mail] = await submit(project, email);
    const forged: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null', 'sec-fetch-site': 'cross-site' }, {}];
    for (const headers of forged) {
      expect((await pressConfirm(tokenOf(mail!), headers)).status).toBe(403);
    }
    expect(await recipientOf(listId, email)).toBeUndefined();
    expect((await pressConfirm(tokenOf(mail!), { origin: server.url })).status).toBe(200);
    expect(await recipientOf(listId, email)).toMatchObject({ status: 'active' });
  });

  it('reactivates a removed recipient only when confirmed', async () => {
    const { ctx, project, listId } = await projectWithForm();
    const removed = address('removed');
    await setUp({ removed }, ctx, listId);
    const [mail] = await submit(project, removed);
    expect(await recipientOf(listId, removed)).toMatchObject({ status: 'removed' });
    expect((await pressConfirm(tokenOf(mail!))).status).toBe(200);
    const row = await recipientOf(listId, removed);
    expect(row).toMatchObject({ status: 'active' });
    expect(row!.statusChangedAt).not.toBeNull();
  });

  it('leaves an address that unsubscribed meanwhile untouched, and says so', async () => {
    const { ctx, project, listId } = await projectWithForm();
    const email = address();
    const [mail] = await submit(project, email);
    // subscribed by someone else, then unsubscribed, before this link is used
    await setUp({ unsubscribed: email }, ctx, listId);
    const before = await recipientOf(listId, email);
    const page = await pressConfirm(tokenOf(mail!));
    expect(await page.text()).toContain('Not subscribed');
    expect(await recipientOf(listId, email)).toEqual(before);
    // the link confirmed nothing, so it is not kept as "already confirmed"
    expect((await fetch(`${server.url}/subscribe/confirm/${tokenOf(mail!)}`)).status).toBe(404);
  });

  it('answers 404 to forged and expired links; the purge deletes expired requests', async () => {
    const { project } = await projectWithForm();
    for (const token of ['forged', randomUUID(), 'x'.repeat(300)]) {
      expect((await fetch(`${server.url}/subscribe/confirm/${token}`)).status).toBe(404);
      expect((await pressConfirm(token)).status).toBe(404);
    }
    const expired = address('expired');
    const fresh = address('fresh');
    const [mail] = await submit(project, expired);
    await submit(project, fresh);
    await db.update(pendingSubscriptions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(pendingSubscriptions.email, expired));
    expect((await fetch(`${server.url}/subscribe/confirm/${tokenOf(mail!)}`)).status).toBe(404);
    expect((await pressConfirm(tokenOf(mail!))).status).toBe(404);
    expect((await purgeExpired(db)).pendingSubscriptions).toBeGreaterThanOrEqual(1);
    const left = await db.select({ email: pendingSubscriptions.email }).from(pendingSubscriptions).where(eq(pendingSubscriptions.projectId, project.id));
    expect(left.map((r) => r.email)).toEqual([fresh]);
  });

  it('respects the 500-active cap at confirmation and keeps the link for later', async () => {
    const { ctx, project, listId } = await projectWithForm();
    const full = Array.from({ length: 500 }, (_, i) => `member${i}@example.test`);
    await addRecipients({ ctx, input: { list_id: listId, emails: full } });
    const email = address();
    const [mail] = await submit(project, email);
    const refused = await pressConfirm(tokenOf(mail!));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This list is full');
    expect(await recipientOf(listId, email)).toBeUndefined();
    await removeRecipient({ ctx, input: { list_id: listId, identifier: full[0]! } });
    expect((await pressConfirm(tokenOf(mail!))).status).toBe(200);
    expect(await recipientOf(listId, email)).toMatchObject({ status: 'active' });
  });
});

describe('the form setting', () => {
  it('is off by default, takes only lists of its own project, and turns off again', async () => {
    const { project } = await createTestProject(db);
    const ctx = { db, projectId: project.id };
    expect(await getSubscribeForm({ ctx })).toEqual({
      list_id: null,
      action_url: `${server.url}/pub/${project.slug}/subscribe`,
      api_url: `${server.url}/api/v1/subscribe`,
    });
    const other = await projectWithForm();
    await expect(setSubscribeForm({ ctx, input: { list_id: other.listId } })).rejects.toThrow('Mailing list not found');
    const list = await createList({ ctx, input: { name: 'Mine' } });
    expect((await setSubscribeForm({ ctx, input: { list_id: list.id } })).list_id).toBe(list.id);
    expect((await setSubscribeForm({ ctx, input: { list_id: null } })).list_id).toBeNull();
    await expect(requestSubscription({ ctx: { db }, input: { project: project.slug, email: address() } })).rejects.toThrow('no subscribe form');
  });
});
