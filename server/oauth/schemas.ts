import { z } from 'zod';

export const ZConnectedApp = z.object({
  id: z.uuid(),
  client_name: z.string(),
  granted_by: z.string(),
  granted_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TConnectedApp = z.infer<typeof ZConnectedApp>;
