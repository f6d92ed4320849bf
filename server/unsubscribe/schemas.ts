import { z } from 'zod';

export const ZUnsubscribeInput = z.object({ token: z.string().min(1).max(200) });

/** What the confirmation page shows, and the outcome of the POST. */
export const ZUnsubscribeState = z.object({
  email: z.string(),
  list_name: z.string(),
  project_name: z.string(),
  status: z.enum(['active', 'removed', 'unsubscribed']),
});
export type TUnsubscribeState = z.infer<typeof ZUnsubscribeState>;
