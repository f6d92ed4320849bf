import { z } from 'zod';

/** A delivery as the route handler hands it over: the raw body (the signature covers its bytes) and headers. */
export const ZGithubDelivery = z.object({
  project: z.string().max(200),
  event: z.string().max(100).nullable(),
  delivery: z.string().max(200).nullable(),
  signature: z.string().max(200).nullable(),
  content_type: z.string().max(200).nullable(),
  body: z.string(),
});
export type TGithubDelivery = z.infer<typeof ZGithubDelivery>;

export const ZGithubDeliveryResult = z.object({
  status: z.enum(['recorded', 'ignored', 'pong']),
  reason: z.string().optional(),
  received: z.int().optional(),
  added: z.int().optional(),
  duplicates: z.int().optional(),
});
export type TGithubDeliveryResult = z.infer<typeof ZGithubDeliveryResult>;
