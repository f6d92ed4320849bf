import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'svix';
import { randomClientIp } from '@/tests/http';
import { newProject, type Harness } from '@/server/commits/__tests__/harness';
import { setBounceSecret } from '../webhooks/settings';

export const resendSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
export const mailgunKey = () => `key-${randomBytes(16).toString('hex')}`;

/** A project whose Resend and Mailgun webhooks have secrets, with the paths providers post to. */
export async function projectWithWebhooks(harness: Harness) {
  const project = await newProject(harness);
  const ctx = { db: harness.db, projectId: project.projectId };
  const secrets = { resend: resendSecret(), mailgun: mailgunKey() };
  await setBounceSecret({ ctx, input: { provider: 'resend', secret: secrets.resend } });
  const settings = await setBounceSecret({ ctx, input: { provider: 'mailgun', secret: secrets.mailgun } });
  const paths = Object.fromEntries(settings.providers.map((p) => [p.provider, new URL(p.payload_url).pathname])) as Record<'resend' | 'mailgun', string>;
  return { ...project, ctx, secrets, paths };
}

export async function post(harness: Harness, path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(harness.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp(), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
}

/** A Resend event signed as Svix signs it (the library's own signer), at `at` (now by default). */
export function resendDelivery(secret: string, event: unknown, options: { id?: string; at?: Date } = {}) {
  const body = JSON.stringify(event);
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const headers = { 'svix-id': id, 'svix-timestamp': String(Math.floor(at.getTime() / 1000)), 'svix-signature': new Webhook(secret).sign(id, at, body) };
  return { body, headers };
}

export const resendBounce = (to: string, type = 'Permanent') => ({
  type: 'email.bounced',
  created_at: new Date().toISOString(),
  data: { email_id: randomUUID(), from: 'releases@shipnote.test', to: [to], subject: 'v2', bounce: { type, subType: 'General', message: 'The recipient address does not exist' } },
});
export const resendComplaint = (to: string) => ({ type: 'email.complained', created_at: new Date().toISOString(), data: { email_id: randomUUID(), to: [to] } });

/** A Mailgun event with the signature in its body, as Mailgun sends it. */
export function mailgunDelivery(key: string, eventData: Record<string, unknown>, options: { token?: string; timestamp?: number } = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? randomBytes(25).toString('hex');
  const signature = createHmac('sha256', key).update(timestamp + token).digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
}

export const mailgunFailure = (recipient: string, severity: 'permanent' | 'temporary') => ({
  event: 'failed',
  severity,
  recipient,
  reason: severity === 'permanent' ? 'bounce' : 'generic',
  'delivery-status': { code: severity === 'permanent' ? 550 : 421, message: severity === 'permanent' ? '5.1.1 The email account does not exist' : 'Try later' },
});
