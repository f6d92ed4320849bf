import { z } from 'zod';
import { BOUNCE_PROVIDERS, SUPPRESSION_REASONS } from '@/db/schema';

export const LIMITS = {
  pageSize: { min: 1, max: 500, default: 100 },
  search: 200,
  removalReason: 500,
  recipientsPerEvent: 50,
  // signed timestamps older or newer than this are refused: a captured delivery cannot be replayed later
  webhookToleranceSeconds: 5 * 60,
};

export const ZSuppressionReason = z.enum(SUPPRESSION_REASONS).describe('hard_bounce, complaint or manual');
export const ZBounceProvider = z.enum(BOUNCE_PROVIDERS);

/** An address on the project's suppression list: release emails skip it. */
export const ZSuppression = z.object({
  email: z.string(),
  reason: ZSuppressionReason,
  source: z.string().describe('where the last event came from: smtp, mailgun, resend, dashboard or api'),
  detail: z.string().nullable().describe("the mail server's reply or the provider's description"),
  first_event_at: z.string(),
  last_event_at: z.string(),
  event_count: z.number().int(),
  removed_at: z.string().nullable().describe('set once the address was taken off the list'),
  removal_reason: z.string().nullable(),
});
export type TSuppression = z.infer<typeof ZSuppression>;

export const ZListSuppressionsInput = z.object({
  status: z.enum(['active', 'removed']).default('active').describe('active (default): the addresses skipped now; removed: taken off the list'),
  reason: ZSuppressionReason.optional(),
  q: z.string().max(LIMITS.search).optional().meta({ description: 'Case-insensitive search in the address' }),
  limit: z.coerce.number().int().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).default(LIMITS.pageSize.default),
  cursor: z.string().max(400).optional().meta({ description: 'The next_cursor of the previous page' }),
});
export type TListSuppressionsInput = z.infer<typeof ZListSuppressionsInput>;
export const ZSuppressionPage = z.object({ items: z.array(ZSuppression), next_cursor: z.string().nullable() });

export const ZAddSuppressionInput = z.object({
  email: z.string().max(254).describe('The address to suppress (reason manual)'),
});

export const ZRemoveSuppressionInput = z.object({
  email: z.string().max(254),
  reason: z.string().max(LIMITS.removalReason).describe('Why the address may receive release emails again (required)'),
});
export type TRemoveSuppressionInput = z.infer<typeof ZRemoveSuppressionInput>;

/** A delivery as the webhook route hands it over: the raw body (signatures cover its bytes) and headers. */
export const ZBounceDelivery = z.object({
  provider: z.string().max(40),
  project: z.string().max(200),
  headers: z.record(z.string(), z.string().max(2000)),
  body: z.string(),
});
export type TBounceDelivery = z.infer<typeof ZBounceDelivery>;

export const ZBounceDeliveryResult = z.object({
  status: z.enum(['suppressed', 'ignored', 'duplicate']),
  reason: z.string().optional(),
  suppressed: z.int().optional(),
});
export type TBounceDeliveryResult = z.infer<typeof ZBounceDeliveryResult>;

export const ZBounceWebhookSettings = z.object({
  providers: z.array(
    z.object({ provider: ZBounceProvider, payload_url: z.string(), configured: z.boolean(), secret_set_at: z.string().nullable() }),
  ),
});
export type TBounceWebhookSettings = z.infer<typeof ZBounceWebhookSettings>;

export const ZSetBounceSecretInput = z.object({ provider: ZBounceProvider, secret: z.string().trim().min(1).max(300) });
export const ZProviderInput = z.object({ provider: ZBounceProvider });
