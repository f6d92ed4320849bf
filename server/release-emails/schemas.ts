import { z } from 'zod';
import { DELIVERY_STATUSES, SEND_CONTENT_KINDS } from '@/db/schema';

export const ZSendKind = z.enum(SEND_CONTENT_KINDS).describe('changelog or blog_post');

/** send_release_email: a published item of the project to the active recipients of one list. */
export const ZStartSendInput = z.object({
  list_id: z.uuid().describe('The mailing list'),
  kind: ZSendKind,
  id: z.uuid().describe('The changelog or blog post; it must be published'),
});
export type TStartSendInput = z.infer<typeof ZStartSendInput>;

/** Skipped deliveries whose address is on the project's suppression list, by reason (part of `skipped`). */
export const ZSuppressedCounts = z
  .object({ total: z.number().int(), hard_bounce: z.number().int(), complaint: z.number().int(), manual: z.number().int() })
  .describe("skipped because the address is on the project's suppression list, by reason (included in skipped)");
export type TSuppressedCounts = z.infer<typeof ZSuppressedCounts>;

/** A release email and how far its delivery got; the counts add up to `total`. */
export const ZSend = z.object({
  id: z.uuid(),
  list_id: z.uuid(),
  list_name: z.string(),
  kind: ZSendKind,
  item_id: z.uuid(),
  subject: z.string(),
  public_url: z.string(),
  status: z.enum(['sending', 'done']).describe('done when no recipient is queued or in flight'),
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  retryable: z.number().int().describe('failed deliveries that a retry sends again'),
  suppressed: ZSuppressedCounts.optional(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TSend = z.infer<typeof ZSend>;

export const ZSendIdInput = z.object({ send_id: z.uuid() });

export const ZDeliveryStatus = z.enum(DELIVERY_STATUSES);

export const ZDelivery = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().optional(),
  status: ZDeliveryStatus,
  reason: z.string().nullable(),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZLedgerInput = z.object({
  send_id: z.uuid(),
  status: ZDeliveryStatus.optional(),
  limit: z.number().int().min(1).max(500).default(100),
  cursor: z.string().max(40).optional(),
});
export type TLedgerInput = z.infer<typeof ZLedgerInput>;
export const ZLedgerPage = z.object({ items: z.array(ZDelivery), next_cursor: z.string().nullable() });

export const ZRetryResult = z.object({ requeued: z.number().int(), send: ZSend });

/** What the send dialog shows before anything is sent. */
export const ZSendPreview = z.object({
  list_name: z.string(),
  active_count: z.number().int(),
  will_receive: z.number().int().describe('active recipients minus those suppressed and those who already got this item'),
  suppressed: z.number().int().describe('active recipients whose address is on the suppression list'),
  from: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type TSendPreview = z.infer<typeof ZSendPreview>;
