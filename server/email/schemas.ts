import { z } from 'zod';

export const ZOutboxListInput = z.object({ limit: z.number().int().min(1).max(500).default(100) });

export const ZOutboxSummary = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(['release', 'account']),
  send_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type TOutboxSummary = z.infer<typeof ZOutboxSummary>;

export const ZOutboxMessage = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  html: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
