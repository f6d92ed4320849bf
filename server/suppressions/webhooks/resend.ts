import { Webhook, WebhookVerificationError } from 'svix';
import { z } from 'zod';
import { AppError } from '../../errors';
import { LIMITS } from '../schemas';
import type { Provider } from './provider';

const ZEvent = z.object({
  type: z.string().max(100),
  data: z.object({
    to: z.union([z.string().max(320), z.array(z.string().max(320)).max(50)]).optional(),
    bounce: z.object({ type: z.string().max(50).optional(), subType: z.string().max(50).optional(), message: z.string().max(2000).optional() }).partial().optional(),
  }),
});

/**
 * Resend signs through Svix: `svix-id`, `svix-timestamp`, `svix-signature` (HMAC-SHA256 of
 * id.timestamp.body). The `svix` library checks the signature and the five-minute tolerance.
 */
export const resend: Provider = {
  checkSecret(secret) {
    try {
      new Webhook(secret);
      return /^whsec_[A-Za-z0-9+/=]{16,}$/.test(secret) ? null : "Paste Resend's signing secret (it starts with whsec_)";
    } catch {
      return "Paste Resend's signing secret (it starts with whsec_)";
    }
  },
  read(secret, body, headers, now) {
    const svix = { 'svix-id': headers['svix-id'] ?? '', 'svix-timestamp': headers['svix-timestamp'] ?? '', 'svix-signature': headers['svix-signature'] ?? '' };
    if (!svix['svix-id'] || !svix['svix-timestamp'] || !svix['svix-signature']) throw new AppError('UNAUTHORIZED', 'Missing svix-id, svix-timestamp or svix-signature');
    // the library reads the system clock; a test clock is honoured by checking freshness here too
    if (Math.abs(now / 1000 - Number(svix['svix-timestamp'])) > LIMITS.webhookToleranceSeconds) throw new AppError('UNAUTHORIZED', 'The signed timestamp is too old or in the future');
    let payload: unknown;
    try {
      payload = new Webhook(secret).verify(body, svix);
    } catch (error) {
      if (error instanceof WebhookVerificationError) throw new AppError('UNAUTHORIZED', 'Invalid Svix signature');
      throw new AppError('BAD_REQUEST', 'The delivery body is not JSON');
    }
    const event = ZEvent.safeParse(payload);
    if (!event.success) throw new AppError('BAD_REQUEST', 'Not a Resend event payload');
    const { type, data } = event.data;
    const eventId = svix['svix-id'];
    const recipients = typeof data.to === 'string' ? [data.to] : (data.to ?? []);
    if (type === 'email.complained') return { eventId, reason: 'complaint', detail: 'Spam complaint reported by Resend', recipients };
    if (type === 'email.bounced' && data.bounce?.type !== 'Transient') {
      const detail = [data.bounce?.type, data.bounce?.subType, data.bounce?.message].filter(Boolean).join(': ');
      return { eventId, reason: 'hard_bounce', detail: detail || 'Bounce reported by Resend', recipients };
    }
    if (type === 'email.bounced' || type === 'email.delivery_delayed') return { eventId, reason: null, detail: 'Temporary failures are retried by Resend', recipients };
    return { eventId, reason: null, detail: `${type} events do not suppress`, recipients };
  },
};
