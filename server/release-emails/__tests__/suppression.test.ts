import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailSuppressions } from '@/db/schema';
import { publishChangelog } from '@/server/content/__tests__/helpers';
import { recordSuppression } from '@/server/suppressions/internal';
import { countByAddress } from './smtp-peer';
import { ledger, listWithChangelog, settled, setupEmailHarness, statusOf, worker } from './harness';

const h = setupEmailHarness();

async function suppressionOf(projectId: string, email: string) {
  const [row] = await h.db.select().from(emailSuppressions).where(and(eq(emailSuppressions.projectId, projectId), eq(emailSuppressions.email, email)));
  return row;
}

describe('suppression at send time', () => {
  it('a 550 at RCPT suppresses the address as a hard bounce; a 451 is retried and never suppresses; recipients stay active', async () => {
    const setup = await listWithChangelog(h, 4);
    const [bounced, deferred, policy, fine] = setup.emails as [string, string, string, string];
    h.peer.rcptVerdict = (address) =>
      address === bounced ? { code: 550, message: '5.1.1 No such user here' } : address === deferred ? { code: 451, message: '4.2.0 Mailbox busy, try later' } : { accept: true };
    h.peer.verdict = (to) => (to[0] === policy ? { code: 550, message: '5.7.1 Message refused by policy' } : { accept: true });
    try {
      const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
      const w = worker(h, [setup.projectId], { maxAttempts: 2, retryBaseSeconds: 0.05 });
      const rows = await settled(h.db, send.id);
      await w.stop();
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
      expect(byEmail[bounced]).toMatchObject({ status: 'failed', failureKind: 'rejected', attempts: 1 });
      expect(byEmail[deferred]).toMatchObject({ status: 'failed', failureKind: 'exhausted', attempts: 2 });
      expect(byEmail[policy]).toMatchObject({ status: 'failed', failureKind: 'rejected' });
      expect(byEmail[fine]).toMatchObject({ status: 'sent' });
      expect(countByAddress(h.peer)[fine]).toBe(1);

      expect(await suppressionOf(setup.projectId, bounced)).toMatchObject({ reason: 'hard_bounce', source: 'smtp', eventCount: 1, removedAt: null });
      expect((await suppressionOf(setup.projectId, bounced))!.detail).toMatch(/^550 5\.1\.1 No such user here/);
      // a temporary failure, even given up on, and a policy refusal say nothing about the address
      expect(await suppressionOf(setup.projectId, deferred)).toBeUndefined();
      expect(await suppressionOf(setup.projectId, policy)).toBeUndefined();
      // the contract's state machine is untouched: suppression is a list of its own
      for (const email of setup.emails) expect((await statusOf(h.db, setup.listId, email)).status).toBe('active');

      // the next release email skips the bounced address and says why
      h.peer.rcptVerdict = () => ({ accept: true });
      h.peer.verdict = () => ({ accept: true });
      const next = await publishChangelog(setup.caller, { title: 'Version 2.1', content: '## Fixed\n\n- Typos' });
      const second = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: next.id });
      expect(second).toMatchObject({ total: 4, queued: 3, skipped: 1, suppressed: { total: 1, hard_bounce: 1, complaint: 0, manual: 0 } });
      const w2 = worker(h, [setup.projectId]);
      const secondRows = await settled(h.db, second.id);
      await w2.stop();
      expect(secondRows.find((r) => r.email === bounced)).toMatchObject({ status: 'skipped', suppressedFor: 'hard_bounce', reason: 'Suppressed: the address bounced (hard bounce)' });
      expect(secondRows.filter((r) => r.status === 'sent').map((r) => r.email).sort()).toEqual([deferred, policy, fine].sort());
    } finally {
      h.peer.rcptVerdict = () => ({ accept: true });
      h.peer.verdict = () => ({ accept: true });
    }
  });

  it('skips suppressed addresses by reason in the report, the preview and the ledger; removal brings them back', async () => {
    const setup = await listWithChangelog(h, 5);
    const [complained, bounced, manual] = setup.emails as [string, string, string];
    await recordSuppression(h.db, { projectId: setup.projectId, email: complained, reason: 'complaint', source: 'resend' });
    await recordSuppression(h.db, { projectId: setup.projectId, email: bounced.toUpperCase(), reason: 'hard_bounce', source: 'mailgun' });
    expect((await setup.call('POST', '/api/v1/email/suppressions', { email: manual })).status).toBe(200);

    const input = { list_id: setup.listId, kind: 'changelog' as const, id: setup.changelog.id };
    expect(await setup.caller.releaseEmails.preview(input)).toMatchObject({ active_count: 5, suppressed: 3, will_receive: 2 });
    const send = await setup.caller.releaseEmails.send(input);
    expect(send).toMatchObject({ total: 5, queued: 2, skipped: 3, suppressed: { total: 3, hard_bounce: 1, complaint: 1, manual: 1 } });
    const w = worker(h, [setup.projectId]);
    await settled(h.db, send.id);
    await w.stop();
    const counts = countByAddress(h.peer);
    for (const email of [complained, bounced, manual]) expect(counts[email]).toBeUndefined();
    const skipped = await setup.caller.releaseEmails.ledger({ send_id: send.id, status: 'skipped', limit: 10 });
    expect(Object.fromEntries(skipped.items.map((d) => [d.email, d.reason]))).toEqual({
      [complained]: 'Suppressed: the recipient reported an email as spam',
      [bounced]: 'Suppressed: the address bounced (hard bounce)',
      [manual]: 'Suppressed: added to the suppression list by hand',
    });
    expect((await setup.caller.releaseEmails.list()).find((s) => s.id === send.id)?.suppressed).toEqual({ total: 3, hard_bounce: 1, complaint: 1, manual: 1 });

    // once removed from the list, the next release email reaches them (they never got this one)
    for (const email of [complained, bounced, manual]) {
      expect((await setup.call('POST', '/api/v1/email/suppressions/remove', { email, reason: 'Confirmed by phone' })).status).toBe(200);
    }
    const again = await setup.caller.releaseEmails.send(input);
    expect(again).toMatchObject({ queued: 3, suppressed: { total: 0 } });
  });

  it('Retry failures does not send again to an address that bounced: it is skipped as suppressed', async () => {
    const setup = await listWithChangelog(h, 2);
    const [bounced, fine] = setup.emails as [string, string];
    h.peer.rcptVerdict = (address) => (address === bounced ? { code: 550, message: '5.1.1 No such user here' } : { accept: true });
    try {
      const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
      const w = worker(h, [setup.projectId]);
      await settled(h.db, send.id);
      h.peer.rcptVerdict = () => ({ accept: true });
      expect(await setup.caller.releaseEmails.retry({ send_id: send.id })).toMatchObject({ requeued: 1 });
      const rows = await settled(h.db, send.id);
      await w.stop();
      expect(rows.map((r) => [r.email, r.status, r.suppressedFor])).toEqual([[bounced, 'skipped', 'hard_bounce'], [fine, 'sent', null]]);
      expect(countByAddress(h.peer)[bounced]).toBeUndefined();
    } finally {
      h.peer.rcptVerdict = () => ({ accept: true });
    }
  });

  it('an address suppressed after the send started is skipped when its turn comes', async () => {
    const setup = await listWithChangelog(h, 2);
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    await recordSuppression(h.db, { projectId: setup.projectId, email: setup.emails[1]!, reason: 'complaint', source: 'mailgun' });
    const w = worker(h, [setup.projectId]);
    await settled(h.db, send.id);
    await w.stop();
    const rows = await ledger(h.db, send.id);
    expect(rows.map((r) => [r.status, r.suppressedFor])).toEqual([['sent', null], ['skipped', 'complaint']]);
    expect(await setup.caller.releaseEmails.get({ send_id: send.id })).toMatchObject({ sent: 1, skipped: 1, suppressed: { total: 1, complaint: 1 } });
  });

  it('refuses with 400 a send that would reach nobody because every active address is suppressed', async () => {
    const setup = await listWithChangelog(h, 2);
    for (const email of setup.emails) await recordSuppression(h.db, { projectId: setup.projectId, email, reason: 'manual', source: 'api' });
    await expect(setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('2 on the suppression list'),
    });
    // another project's suppression list does not touch this one
    const other = await listWithChangelog(h, 1);
    await recordSuppression(h.db, { projectId: setup.projectId, email: other.emails[0]!, reason: 'complaint', source: 'api' });
    expect(await other.caller.releaseEmails.send({ list_id: other.listId, kind: 'changelog', id: other.changelog.id })).toMatchObject({ queued: 1, suppressed: { total: 0 } });
  });
});
