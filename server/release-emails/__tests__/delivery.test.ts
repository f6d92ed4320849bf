import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSmtpTransport } from '@/server/email/smtp';
import { startWorker } from '../worker';
import { signingKey } from '@/server/email/signing-key';
import { unsubscribeToken } from '@/server/unsubscribe/token';
import { runWithRequestOrigin } from '@/server/request-origin';
import { countByAddress, rawHeader, unsubscribeLinkOf } from './smtp-peer';
import { FAST, ledger, listWithChangelog, ownerOf, sessionCaller, settled, statusOf, setupEmailHarness, worker } from './harness';

const h = setupEmailHarness();

describe('delivery over SMTP', () => {
  it('delivers text and HTML parts, the project as sender name and both List-Unsubscribe headers', async () => {
    const setup = await listWithChangelog(h, 2, 'Shipnote 2.0');
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    expect(send).toMatchObject({ total: 2, status: 'sending', subject: 'Shipnote 2.0', kind: 'changelog' });
    const w = worker(h, [setup.projectId]);
    const rows = await settled(h.db, send.id);
    await w.stop();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);

    const mine = h.peer.received.filter((m) => setup.emails.includes(m.to[0]!));
    expect(mine.map((m) => m.to[0]).sort()).toEqual([...setup.emails].sort());
    const links = new Set<string>();
    for (const message of mine) {
      const mail = message.parsed;
      expect(message.from).toBe('releases@shipnote.test');
      expect(mail.from?.value[0]).toMatchObject({ address: 'releases@shipnote.test', name: expect.stringMatching(/^Project /) });
      expect(mail.subject).toBe('Shipnote 2.0');
      expect(mail.text).toContain('Dark mode for everyone');
      expect(mail.text).toContain(`Read it online: ${setup.changelog.public_url}`);
      expect(mail.html).toContain('<strong>everyone</strong>');
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain(`href="${setup.changelog.public_url}"`);
      const url = unsubscribeLinkOf(message);
      expect(rawHeader(message, 'List-Unsubscribe')).toBe(`<${url}>`);
      expect(url).toMatch(new RegExp(`^${h.url}/unsubscribe/[0-9a-f-]{36}\\.[\\w-]{43}$`));
      expect(rawHeader(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // the same personal link in both parts
      expect(mail.text).toContain(`Unsubscribe: ${url}`);
      expect(mail.html).toContain(`href="${url}"`);
      links.add(url);
    }
    expect(links.size).toBe(2);
  });

  it('with APP_URL unset, links and sender follow the origin the send was started from, not the worker\'s default', async () => {
    const setup = await listWithChangelog(h, 1, 'Loopback release');
    const saved = { appUrl: process.env.APP_URL, from: process.env.EMAIL_FROM };
    delete process.env.APP_URL;
    delete process.env.EMAIL_FROM;
    try {
      const origin = h.url.replace('localhost', '127.0.0.1');
      const send = await runWithRequestOrigin(origin, () => setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id }));
      const w = worker(h, [setup.projectId]);
      await settled(h.db, send.id);
      await w.stop();
      const message = h.peer.received.find((m) => m.to[0] === setup.emails[0])!;
      expect(unsubscribeLinkOf(message).startsWith(`${origin}/unsubscribe/`)).toBe(true);
      expect(message.parsed.from?.value[0]?.address).toBe('shipnote@localhost');
    } finally {
      process.env.APP_URL = saved.appUrl;
      process.env.EMAIL_FROM = saved.from;
    }
  });

  it('the one-click POST unsubscribes that recipient only, and nothing in the API reactivates them', async () => {
    const setup = await listWithChangelog(h, 2);
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    const w = worker(h, [setup.projectId]);
    await settled(h.db, send.id);
    await w.stop();
    const message = h.peer.received.find((m) => m.to[0] === setup.emails[0])!;
    const url = unsubscribeLinkOf(message);

    // RFC 8058: a POST with exactly this body, no cookies, no page in between
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
    expect(res.status).toBe(200);
    const unsubscribed = await statusOf(h.db, setup.listId, setup.emails[0]!);
    expect(unsubscribed.status).toBe('unsubscribed');
    expect(unsubscribed.statusChangedAt).toBeInstanceOf(Date);
    expect((await statusOf(h.db, setup.listId, setup.emails[1]!)).status).toBe('active');

    // a repeated request changes nothing, not even the time
    expect((await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    expect((await statusOf(h.db, setup.listId, setup.emails[0]!)).statusChangedAt).toEqual(unsubscribed.statusChangedAt);

    const upsert = await setup.call('PUT', `${setup.base}/recipients`, { recipients: [setup.emails[0]] });
    expect(upsert.json).toMatchObject({ skipped_unsubscribed: 1, reactivated: 0 });
    const add = await setup.call('POST', `${setup.base}/recipients`, { emails: [setup.emails[0]] });
    expect(add.json).toMatchObject({ added: 0, skipped_existing: 1 });
    const page = await setup.call('GET', `${setup.base}/recipients?status=unsubscribed`);
    expect(page.json.items).toEqual([expect.objectContaining({ email: setup.emails[0], status: 'unsubscribed', is_active: false })]);
  });

  it('removed and unsubscribed recipients never receive, before or after the send started', async () => {
    const setup = await listWithChangelog(h, 6);
    const [keep1, keep2, removedBefore, unsubscribedBefore, removedAfter, unsubscribedAfter] = setup.emails as [string, string, string, string, string, string];
    await setup.call('DELETE', `${setup.base}/recipients/${encodeURIComponent(removedBefore)}`);
    await unsubscribeViaLink(setup, unsubscribedBefore);

    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    expect(send.total).toBe(4);
    // after the audience froze, before the worker reached them
    await setup.call('DELETE', `${setup.base}/recipients/${encodeURIComponent(removedAfter)}`);
    await unsubscribeViaLink(setup, unsubscribedAfter);
    // added after the start: not part of this send
    await setup.call('POST', `${setup.base}/recipients`, { emails: ['late@example.test'] });

    const w = worker(h, [setup.projectId]);
    const rows = await settled(h.db, send.id);
    await w.stop();
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(Object.keys(byEmail).sort()).toEqual([keep1, keep2, removedAfter, unsubscribedAfter].sort());
    expect(byEmail[removedAfter]).toMatchObject({ status: 'skipped', reason: 'Removed from the list after the send started' });
    expect(byEmail[unsubscribedAfter]).toMatchObject({ status: 'skipped', reason: 'Unsubscribed after the send started' });
    const counts = countByAddress(h.peer);
    expect([keep1, keep2].map((e) => counts[e])).toEqual([1, 1]);
    for (const e of [removedBefore, unsubscribedBefore, removedAfter, unsubscribedAfter, 'late@example.test']) expect(counts[e]).toBeUndefined();
    expect(await setup.caller.releaseEmails.get({ send_id: send.id })).toMatchObject({ status: 'done', sent: 2, skipped: 2, total: 4 });
  });

  it('retries a temporary failure with backoff and records a permanent one with its reason', async () => {
    const setup = await listWithChangelog(h, 3);
    const [flaky, rejected, fine] = setup.emails as [string, string, string];
    let flakyTries = 0;
    h.peer.verdict = (to) => {
      if (to[0] === flaky && ++flakyTries < 3) return { code: 451, message: 'Try again later' };
      if (to[0] === rejected) return { code: 550, message: 'No such user here' };
      return { accept: true };
    };
    try {
      const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
      const started = Date.now();
      const w = worker(h, [setup.projectId], { retryBaseSeconds: 0.2, maxAttempts: 3 });
      const rows = await settled(h.db, send.id);
      await w.stop();
      // backoff 0.2 s then 0.4 s before the third attempt
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
      expect(byEmail[flaky]).toMatchObject({ status: 'sent', attempts: 3 });
      expect(byEmail[rejected]).toMatchObject({ status: 'failed', failureKind: 'rejected', attempts: 1 });
      expect(byEmail[rejected]!.reason).toMatch(/^550 No such user here/);
      expect(byEmail[fine]).toMatchObject({ status: 'sent', attempts: 1 });
      const counts = countByAddress(h.peer);
      expect([counts[flaky], counts[rejected], counts[fine]]).toEqual([1, undefined, 1]);
    } finally {
      h.peer.verdict = () => ({ accept: true });
    }
  });

  it('an unreachable server is a temporary failure: queued again for later, with the reason', async () => {
    const setup = await listWithChangelog(h, 1);
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const w = startWorker(h.db, createSmtpTransport(`smtp://127.0.0.1:${port}`), { ...FAST, retryBaseSeconds: 60, projects: [setup.projectId] });
    try {
      await expect.poll(async () => (await ledger(h.db, send.id))[0]!.attempts, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await ledger(h.db, send.id))[0]!.status).toBe('queued');
    } finally {
      await w.stop();
    }
    const [row] = await ledger(h.db, send.id);
    expect(row!.reason).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(row!.reason).toMatch(/attempt 1 of 3; retrying/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('gives up after the last attempt; a retry of the failures sends those only', async () => {
    const setup = await listWithChangelog(h, 3);
    const [down] = setup.emails as [string];
    h.peer.verdict = (to) => (to[0] === down ? { code: 421, message: 'Service not available' } : { accept: true });
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    const w = worker(h, [setup.projectId], { maxAttempts: 2, retryBaseSeconds: 0.05 });
    try {
      const rows = await settled(h.db, send.id);
      expect(rows.find((r) => r.email === down)).toMatchObject({ status: 'failed', failureKind: 'exhausted', attempts: 2 });
      expect(rows.find((r) => r.email === down)!.reason).toMatch(/gave up after 2 attempts/);
      const dashboard = await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId);
      h.peer.verdict = () => ({ accept: true });
      const retry = await dashboard.releaseEmails.retry({ send_id: send.id });
      expect(retry.requeued).toBe(1);
      const after = await settled(h.db, send.id);
      expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      expect(countByAddress(h.peer)).toMatchObject(Object.fromEntries(setup.emails.map((e) => [e, 1])));
      expect((await dashboard.releaseEmails.retry({ send_id: send.id })).requeued).toBe(0);
    } finally {
      h.peer.verdict = () => ({ accept: true });
      await w.stop();
    }
  });

  it('keeps the throttle: at most maxPerMinute deliveries', async () => {
    const setup = await listWithChangelog(h, 4);
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    const started = Date.now();
    const w = worker(h, [setup.projectId], { maxPerMinute: 200 }); // one every 300 ms
    await settled(h.db, send.id);
    await w.stop();
    // four deliveries, one every 300 ms: at least 900 ms from the first to the last. A lower bound only:
    // gaps between recorded send times also carry each SMTP exchange's own jitter
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const times = (await ledger(h.db, send.id)).map((r) => r.sentAt!.getTime()).sort();
    expect(times).toHaveLength(4);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(600);
  });

  async function unsubscribeViaLink(setup: { listId: string }, email: string) {
    const recipient = await statusOf(h.db, setup.listId, email);
    const res = await fetch(`${h.url}/unsubscribe/${unsubscribeToken(await signingKey(h.db), recipient.id)}`, { method: 'POST' });
    expect(res.status).toBe(200);
  }
});
