import { z } from 'zod';
import { ZPublicProject } from './schemas';

const ZEntry = z.object({ title: z.string(), published_at: z.string(), url: z.string() });

/** What a project's public page lists. */
export const ZProjectSite = z.object({
  project: ZPublicProject,
  blogs_feed_url: z.string(),
  /** the index of its public content for agents (llmstxt.org) */
  llms_txt_url: z.string(),
  changelogs: z.array(ZEntry.extend({ version: z.string().nullable(), feed_url: z.string() })),
  blog_posts: z.array(ZEntry.extend({ excerpt: z.string() })),
  kb_sets: z.array(ZEntry.extend({ article_count: z.number().int() })),
});
export type TProjectSite = z.infer<typeof ZProjectSite>;
