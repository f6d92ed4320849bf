import { describe, expect, it } from 'vitest';
import { newProject, startHarness } from '@/server/commits/__tests__/harness';
import { getBounceWebhooks, removeBounceSecret, setBounceSecret } from '../webhooks/settings';
import {
  mailgunDelivery, mailgunFailure, mailgunKey, post, projectWithWebhooks, resendBounce, resendComplaint, resendDelivery, resendSecret,
} from './helpers';

const h = startHarness();

type Setup = Awaited<ReturnType<typeof projectWithWebhooks>>;
const suppressed = async (setup: Setup) => (await setup.call('GET', '/api/v1/email/suppressions')).json.items as Record<string, unknown>[];

describe('Resend (Svix) webhook', () => {
  it('suppresses the address of a signed hard bounce and of a complaint, with source and detail', async () => {
    const setup = await projectWithWebhooks(h);
    const bounce = resendDelivery(setup.secrets.resend, resendBounce('Gone@Example.test'));
    expect(await post(h, setup.paths.resend, bounce.body, bounce.headers)).toEqual({ status: 200, json: { status: 'suppressed', suppressed: 1 } });
    const complaint = resendDelivery(setup.secrets.resend, resendComplaint('angry@example.test'));
    expect((await post(h, setup.paths.resend, complaint.body, complaint.headers)).status).toBe(200);
    expect(await suppressed(setup)).toEqual([
      expect.objectContaining({ email: 'angry@example.test', reason: 'complaint', source: 'resend', event_count: 1, removed_at: null }),
      expect.objectContaining({ email: 'gone@example.test', reason: 'hard_bounce', source: 'resend', detail: 'Permanent: General: The recipient address does not exist' }),
    ]);
  });

  it('ignores soft bounces and other events: the provider retries those itself', async () => {
    const setup = await projectWithWebhooks(h);
    for (const event of [resendBounce('soft@example.test', 'Transient'), { type: 'email.delivery_delayed', data: { to: ['soft@example.test'] } }, { type: 'email.delivered', data: { to: ['ok@example.test'] } }]) {
      const delivery = resendDelivery(setup.secrets.resend, event);
      const res = await post(h, setup.paths.resend, delivery.body, delivery.headers);
      expect(res.status).toBe(200);
      expect(res.json.status).toBe('ignored');
    }
    expect(await suppressed(setup)).toEqual([]);
  });

  it('refuses a wrong, missing or tampered signature with 401 and suppresses nothing', async () => {
    const setup = await projectWithWebhooks(h);
    const good = resendDelivery(setup.secrets.resend, resendBounce('victim@example.test'));
    const other = resendDelivery(resendSecret(), resendBounce('victim@example.test'));
    const cases: [string, Record<string, string>][] = [
      [other.body, other.headers],
      [good.body.replace('victim', 'victin'), good.headers],
      [good.body, { ...good.headers, 'svix-signature': 'v1,' + Buffer.alloc(32).toString('base64') }],
      [good.body, { ...good.headers, 'svix-id': 'msg_other' }],
      [good.body, { 'svix-id': good.headers['svix-id'], 'svix-timestamp': good.headers['svix-timestamp'] }],
      [good.body, {}],
    ];
    for (const [body, headers] of cases) {
      const res = await post(h, setup.paths.resend, body, headers);
      expect(res.status).toBe(401);
      expect(res.json.detail).toMatch(/signature|svix/i);
    }
    expect(await suppressed(setup)).toEqual([]);
  });

  it('refuses replays: the same message id is a duplicate with no effect, an old signed timestamp a 401', async () => {
    const setup = await projectWithWebhooks(h);
    const delivery = resendDelivery(setup.secrets.resend, resendBounce('twice@example.test'));
    expect((await post(h, setup.paths.resend, delivery.body, delivery.headers)).json.status).toBe('suppressed');
    const replay = await post(h, setup.paths.resend, delivery.body, delivery.headers);
    expect(replay).toEqual({ status: 200, json: { status: 'duplicate', reason: 'This delivery was already received' } });
    expect((await suppressed(setup))[0]).toMatchObject({ email: 'twice@example.test', event_count: 1 });

    const stale = resendDelivery(setup.secrets.resend, resendComplaint('late@example.test'), { at: new Date(Date.now() - 10 * 60_000) });
    expect((await post(h, setup.paths.resend, stale.body, stale.headers)).status).toBe(401);
    const future = resendDelivery(setup.secrets.resend, resendComplaint('late@example.test'), { at: new Date(Date.now() + 10 * 60_000) });
    expect((await post(h, setup.paths.resend, future.body, future.headers)).status).toBe(401);
    expect((await suppressed(setup)).map((s) => s.email)).toEqual(['twice@example.test']);
  });
});

describe('Mailgun webhook', () => {
  it('suppresses a permanent failure and a complaint; a temporary failure is ignored', async () => {
    const setup = await projectWithWebhooks(h);
    const key = setup.secrets.mailgun;
    expect((await post(h, setup.paths.mailgun, mailgunDelivery(key, mailgunFailure('hard@example.test', 'permanent')))).json).toEqual({ status: 'suppressed', suppressed: 1 });
    expect((await post(h, setup.paths.mailgun, mailgunDelivery(key, { event: 'complained', recipient: 'spam@example.test' }))).json.status).toBe('suppressed');
    expect((await post(h, setup.paths.mailgun, mailgunDelivery(key, mailgunFailure('soft@example.test', 'temporary')))).json.status).toBe('ignored');
    expect(await suppressed(setup)).toEqual([
      expect.objectContaining({ email: 'hard@example.test', reason: 'hard_bounce', source: 'mailgun', detail: '550 5.1.1 The email account does not exist' }),
      expect.objectContaining({ email: 'spam@example.test', reason: 'complaint', source: 'mailgun' }),
    ]);
  });

  it('refuses a wrong signature or another key with 401, a stale timestamp with 401, a reused token as a duplicate', async () => {
    const setup = await projectWithWebhooks(h);
    const key = setup.secrets.mailgun;
    const event = mailgunFailure('x@example.test', 'permanent');
    const forged = JSON.parse(mailgunDelivery(key, event));
    forged.signature.signature = forged.signature.signature.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    for (const body of [mailgunDelivery(mailgunKey(), event), JSON.stringify(forged), JSON.stringify({ 'event-data': event }), mailgunDelivery(key, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })]) {
      expect((await post(h, setup.paths.mailgun, body)).status).toBe(401);
    }
    expect(await suppressed(setup)).toEqual([]);

    const token = 'a'.repeat(50);
    expect((await post(h, setup.paths.mailgun, mailgunDelivery(key, event, { token }))).json.status).toBe('suppressed');
    // the same token, even re-signed over another event, is a replay
    const replay = await post(h, setup.paths.mailgun, mailgunDelivery(key, { event: 'complained', recipient: 'y@example.test' }, { token }));
    expect(replay.json.status).toBe('duplicate');
    expect((await suppressed(setup)).map((s) => s.email)).toEqual(['x@example.test']);
  });

  it('answers 400 for a body that is not JSON or not an event, and 404 without a secret or for an unknown provider', async () => {
    const setup = await projectWithWebhooks(h);
    expect((await post(h, setup.paths.mailgun, 'not json')).status).toBe(400);
    const noEvent = mailgunDelivery(setup.secrets.mailgun, {});
    expect((await post(h, setup.paths.mailgun, noEvent)).json).toEqual({ detail: 'Not a Mailgun event payload' });
    expect((await post(h, setup.paths.mailgun.replace('/mailgun/', '/postmark/'), '{}')).status).toBe(404);
    expect((await post(h, '/api/webhooks/email/resend/a%00b', '{}')).status).toBe(404);
    await removeBounceSecret({ ctx: setup.ctx, input: { provider: 'mailgun' } });
    const res = await post(h, setup.paths.mailgun, mailgunDelivery(setup.secrets.mailgun, mailgunFailure('x@example.test', 'permanent')));
    expect(res).toEqual({ status: 404, json: { detail: 'No mailgun webhook is set up for this project' } });
  });
});

describe('webhook secrets and project scoping', () => {
  it('never reads a secret back, refuses one of the wrong shape, and a new one retires the old at once', async () => {
    const setup = await projectWithWebhooks(h);
    const settings = await getBounceWebhooks({ ctx: setup.ctx });
    expect(JSON.stringify(settings)).not.toContain(setup.secrets.resend);
    expect(settings.providers).toEqual([
      expect.objectContaining({ provider: 'mailgun', configured: true }),
      expect.objectContaining({ provider: 'resend', configured: true }),
    ]);
    await expect(setBounceSecret({ ctx: setup.ctx, input: { provider: 'resend', secret: 'not-a-svix-secret' } })).rejects.toThrow(/whsec_/);
    await expect(setBounceSecret({ ctx: setup.ctx, input: { provider: 'mailgun', secret: 'short' } })).rejects.toThrow(/signing key/);
    const next = resendSecret();
    await setBounceSecret({ ctx: setup.ctx, input: { provider: 'resend', secret: next } });
    const old = resendDelivery(setup.secrets.resend, resendComplaint('a@example.test'));
    expect((await post(h, setup.paths.resend, old.body, old.headers)).status).toBe(401);
    const fresh = resendDelivery(next, resendComplaint('a@example.test'));
    expect((await post(h, setup.paths.resend, fresh.body, fresh.headers)).status).toBe(200);
  });

  it("one project's secret does nothing at another project's URL, and each sees only its own list", async () => {
    const a = await projectWithWebhooks(h);
    const b = await projectWithWebhooks(h);
    const signedForA = resendDelivery(a.secrets.resend, resendComplaint('cross@example.test'));
    expect((await post(h, b.paths.resend, signedForA.body, signedForA.headers)).status).toBe(401);
    expect((await post(h, a.paths.resend, signedForA.body, signedForA.headers)).status).toBe(200);
    expect(await suppressed(b)).toEqual([]);
    expect((await b.call('POST', '/api/v1/email/suppressions/remove', { email: 'cross@example.test', reason: 'mine' })).status).toBe(404);
    expect((await suppressed(a)).map((s) => s.email)).toEqual(['cross@example.test']);
  });
});

describe('the list over REST', () => {
  it('adds by hand, removes with a reason (kept as history), and a later event suppresses again', async () => {
    const { call } = await newProject(h);
    const added = await call('POST', '/api/v1/email/suppressions', { email: ' Hand@Example.test ' });
    expect(added.json).toMatchObject({ email: 'hand@example.test', reason: 'manual', source: 'api', event_count: 1 });
    expect((await call('POST', '/api/v1/email/suppressions', { email: 'nope' })).status).toBe(400);
    expect((await call('POST', '/api/v1/email/suppressions/remove', { email: 'hand@example.test', reason: '   ' })).json).toEqual({ detail: 'A reason for the removal is required' });
    const removed = await call('POST', '/api/v1/email/suppressions/remove', { email: 'HAND@example.test', reason: 'Asked us by phone' });
    expect(removed.json).toMatchObject({ email: 'hand@example.test', removal_reason: 'Asked us by phone', removed_at: expect.any(String) });
    const repeated = await call('POST', '/api/v1/email/suppressions/remove', { email: 'hand@example.test', reason: 'again' });
    expect(repeated.json).toEqual(removed.json);
    expect((await call('POST', '/api/v1/email/suppressions/remove', { email: 'never@example.test', reason: 'x' })).status).toBe(404);
    expect((await call('GET', '/api/v1/email/suppressions')).json.items).toEqual([]);
    expect((await call('GET', '/api/v1/email/suppressions?status=removed')).json.items).toEqual([expect.objectContaining({ email: 'hand@example.test' })]);
    const again = await call('POST', '/api/v1/email/suppressions', { email: 'hand@example.test' });
    expect(again.json).toMatchObject({ event_count: 2, removed_at: null, removal_reason: null });
  });

  it('keeps the stronger reason while active, pages by address, filters by reason and search', async () => {
    const setup = await projectWithWebhooks(h);
    const complaint = resendDelivery(setup.secrets.resend, resendComplaint('both@example.test'));
    await post(h, setup.paths.resend, complaint.body, complaint.headers);
    await post(h, setup.paths.mailgun, mailgunDelivery(setup.secrets.mailgun, mailgunFailure('both@example.test', 'permanent')));
    for (const email of ['c@example.test', 'a@example.test', 'b@example.test']) await setup.call('POST', '/api/v1/email/suppressions', { email });
    expect((await suppressed(setup)).find((s) => s.email === 'both@example.test')).toMatchObject({ reason: 'complaint', source: 'mailgun', event_count: 2 });

    const first = await setup.call('GET', '/api/v1/email/suppressions?limit=2');
    expect(first.json.items.map((s: { email: string }) => s.email)).toEqual(['a@example.test', 'b@example.test']);
    const second = await setup.call('GET', `/api/v1/email/suppressions?limit=2&cursor=${first.json.next_cursor}`);
    expect(second.json).toMatchObject({ items: [{ email: 'both@example.test' }, { email: 'c@example.test' }], next_cursor: null });
    expect((await setup.call('GET', '/api/v1/email/suppressions?reason=complaint')).json.items.map((s: { email: string }) => s.email)).toEqual(['both@example.test']);
    expect((await setup.call('GET', '/api/v1/email/suppressions?q=BOTH')).json.items).toHaveLength(1);
    expect((await setup.call('GET', '/api/v1/email/suppressions?cursor=%25%25')).status).toBe(400);
    expect((await setup.call('GET', '/api/v1/email/suppressions?limit=501')).status).toBe(422);
  });
});
