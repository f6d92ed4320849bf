import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors';
import { LIMITS } from '../schemas';
import type { Provider } from './provider';

const ZSignature = z.object({ timestamp: z.string().regex(/^\d{1,12}$/), token: z.string().regex(/^[\x21-\x7e]{10,200}$/), signature: z.string().regex(/^[0-9a-f]{64}$/i) });

const ZEventData = z.object({
  event: z.string().max(100),
  severity: z.string().max(50).optional(),
  recipient: z.string().max(320).optional(),
  reason: z.string().max(200).nullish(),
  'delivery-status': z.object({ code: z.union([z.number(), z.string()]).nullish(), message: z.string().nullish(), description: z.string().nullish() }).partial().nullish(),
});

/**
 * Mailgun: the signature sits in the JSON body, `signature: {timestamp, token, signature}`, the hex
 * HMAC-SHA256 of timestamp + token under the HTTP webhook signing key; the token is the replay key.
 */
export const mailgun: Provider = {
  checkSecret: (secret) => (/^[\x21-\x7e]{16,300}$/.test(secret) ? null : "Paste Mailgun's HTTP webhook signing key (16 or more characters, no spaces)"),
  read(secret, body, _headers, now) {
    const parsed = parseJson(body);
    const signature = ZSignature.safeParse((parsed as { signature?: unknown })?.signature);
    if (!signature.success) throw new AppError('UNAUTHORIZED', 'Missing or malformed Mailgun signature');
    const { timestamp, token } = signature.data;
    const expected = createHmac('sha256', secret).update(timestamp + token).digest();
    const given = Buffer.from(signature.data.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('UNAUTHORIZED', 'Invalid Mailgun signature');
    if (Math.abs(now / 1000 - Number(timestamp)) > LIMITS.webhookToleranceSeconds) throw new AppError('UNAUTHORIZED', 'The signed timestamp is too old or in the future');

    const data = ZEventData.safeParse((parsed as { 'event-data'?: unknown })['event-data']);
    if (!data.success) throw new AppError('BAD_REQUEST', 'Not a Mailgun event payload');
    const event = data.data;
    const status = event['delivery-status'];
    const detail = [status?.code, status?.message || status?.description || event.reason].filter(Boolean).join(' ');
    const recipients = event.recipient ? [event.recipient] : [];
    if (event.event === 'complained') return { eventId: token, reason: 'complaint', detail: 'Spam complaint reported by Mailgun', recipients };
    if (event.event === 'failed' && event.severity === 'permanent') return { eventId: token, reason: 'hard_bounce', detail: detail || 'Permanent failure reported by Mailgun', recipients };
    if (event.event === 'failed') return { eventId: token, reason: null, detail: 'Temporary failures are retried by Mailgun', recipients };
    return { eventId: token, reason: null, detail: `${event.event} events do not suppress`, recipients };
  },
};

function parseJson(body: string): unknown {
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object') return value;
  } catch {}
  throw new AppError('BAD_REQUEST', 'The delivery body is not a JSON object');
}
