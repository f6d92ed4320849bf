import { z } from 'zod';

export const ZProjectName = z.string().trim().min(1, 'Name is required').max(100, 'At most 100 characters');

export const ZCreateProjectInput = z.object({ name: ZProjectName });
export type TCreateProjectInput = z.infer<typeof ZCreateProjectInput>;

export const ZProject = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  created_at: z.string(),
});
export type TProject = z.infer<typeof ZProject>;
