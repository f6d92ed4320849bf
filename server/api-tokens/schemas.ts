import { z } from 'zod';

export const TOKEN_NAME_MAX = 100;
export const ZTokenName = z.string().trim().min(1, 'Name is required').max(TOKEN_NAME_MAX);


export const ZApiTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TApiTokenSummary = z.infer<typeof ZApiTokenSummary>;

export const ZCreatedToken = ZApiTokenSummary.extend({ token: z.string() });
