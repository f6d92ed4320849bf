import { z } from 'zod';
import { MANAGED_FIELDS, ZPeriodDate, ZPublicProject } from '../schemas';

/** The public Blog post object (api-v1.md section 2). */
export const ZBlogPost = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    content: z.string().describe('Markdown; the title is its first level-1 heading'),
    period_start: z.string(),
    period_end: z.string(),
    published_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'BlogPost' });
export type TBlogPost = z.infer<typeof ZBlogPost>;

/** A blog post as its authors see it, drafts included; `title` is derived from the content. */
export const ZManagedBlogPost = ZBlogPost.extend({
  kind: z.literal('blog_post'),
  title: z.string(),
  ...MANAGED_FIELDS,
});
export type TManagedBlogPost = z.infer<typeof ZManagedBlogPost>;

/** save_blog_post: create without `id`; periods default to the day of creation and change only when sent. */
export const ZSaveBlogPostInput = z
  .object({
    id: z.uuid().optional(),
    content: z.string().trim().min(1, 'Content is required').max(200_000),
    period_start: ZPeriodDate.optional(),
    period_end: ZPeriodDate.optional(),
  })
  .refine((v) => !v.period_start || !v.period_end || v.period_start.slice(0, 10) <= v.period_end.slice(0, 10), {
    message: 'period_end is before period_start',
    path: ['period_end'],
  });
export type TSaveBlogPostInput = z.infer<typeof ZSaveBlogPostInput>;

/** A published post with what pages and feeds show beside the object. */
export const ZBlogPostPage = z.object({
  project: ZPublicProject,
  post: ZBlogPost,
  title: z.string(),
  /** a plain-text summary for search engines and link previews */
  description: z.string(),
  html: z.string(),
  feed_url: z.string(),
});
export type TBlogPostPage = z.infer<typeof ZBlogPostPage>;
