import { z } from 'zod';
import { ZPublicSlug } from '../content/schemas';

export const SUBSCRIBE_LIMITS = {
  /** how long a confirmation link works */
  linkHours: 48,
  /** at most one confirmation email per address and list in this many hours */
  resendHours: 24,
  /** the longest address accepted (RFC 5321) */
  emailLength: 254,
} as const;

export const ZSubscribeInput = z.object({
  project: ZPublicSlug.describe('The slug of the project whose public form this is'),
  email: z.string().min(1).max(SUBSCRIBE_LIMITS.emailLength).describe('The address to subscribe; it receives a confirmation email'),
});
export type TSubscribeInput = z.infer<typeof ZSubscribeInput>;

/** The one answer to every valid submission, whatever the address's state. */
export const ZSubscribeResult = z.object({
  status: z.literal('check_email').describe('If the address can be subscribed, a confirmation email is on its way'),
});
export type TSubscribeResult = z.infer<typeof ZSubscribeResult>;

export const ZConfirmationToken = z.object({ token: z.string().min(1).max(200) });

/** What the confirmation page shows the holder of the link. */
export const ZSubscriptionState = z.object({
  email: z.string(),
  list_name: z.string(),
  project_name: z.string(),
  project_slug: z.string(),
  /**
   * after confirming: `subscribed`, or `unsubscribed` when the address had opted out (left untouched);
   * `used`: the link confirmed before, and changes nothing now
   */
  status: z.enum(['pending', 'subscribed', 'unsubscribed', 'used']),
});
export type TSubscriptionState = z.infer<typeof ZSubscriptionState>;

export const ZSubscribeFormSettings = z.object({
  /** the list the form adds people to; null: the form is off */
  list_id: z.uuid().nullable(),
  /** where the embeddable form posts */
  action_url: z.string(),
  api_url: z.string(),
});
export type TSubscribeFormSettings = z.infer<typeof ZSubscribeFormSettings>;

export const ZSetSubscribeFormInput = z.object({ list_id: z.uuid().nullable() });

export const ZPublicFormInput = z.object({ project: ZPublicSlug });
export const ZPublicForm = z.object({ enabled: z.boolean(), action_url: z.string() });
