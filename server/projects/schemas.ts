import { z } from 'zod';
import { isBlank } from '../blank';

export const PROJECT_NAME_MAX = 100;
export const ZProjectName = z
  .string()
  .trim()
  .max(PROJECT_NAME_MAX, `At most ${PROJECT_NAME_MAX} characters`)
  .refine((name) => !isBlank(name), 'Name is required');

export const ZCreateProjectInput = z.object({ name: ZProjectName });
export type TCreateProjectInput = z.infer<typeof ZCreateProjectInput>;

export const ZProject = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  created_at: z.string(),
});
export type TProject = z.infer<typeof ZProject>;

const ZContentCounts = z.object({ draft: z.int(), published: z.int() });

export const ZProjectOverview = ZProject.extend({
  urls: z.object({
    dashboard: z.string(),
    changelogs: z.string(),
    blog_posts: z.string(),
    blog_feed: z.string(),
    mcp: z.string(),
  }),
  counts: z.object({ changelogs: ZContentCounts, blog_posts: ZContentCounts, kb_sets: ZContentCounts, mailing_lists: z.int() }),
});
export type TProjectOverview = z.infer<typeof ZProjectOverview>;
