import { z } from 'zod';
import { MARKDOWN_DEPTH_ERROR, withinMarkdownLimits } from '../../markdown/limits';
import { ITEM_KEYS, ITEM_TIMES, managedObject, RENDERED_PAGE_FIELDS, withPeriodsInOrder, ZPeriodDate, ZPublicProject } from '../schemas';

/** The public Blog post object (api-v1.md section 2). */
export const ZBlogPost = z
  .object({
    ...ITEM_KEYS,
    content: z.string().describe('Markdown; the title is its first level-1 heading'),
    period_start: z.string(),
    period_end: z.string(),
    ...ITEM_TIMES,
  })
  .meta({ id: 'BlogPost' });
export type TBlogPost = z.infer<typeof ZBlogPost>;

/** A blog post as its authors see it, drafts included; `title` is derived from the content. */
export const ZManagedBlogPost = managedObject(ZBlogPost, 'blog_post', { title: z.string() });
export type TManagedBlogPost = z.infer<typeof ZManagedBlogPost>;

/** save_blog_post: create without `id`; periods default to the day of creation and change only when sent. */
export const ZSaveBlogPostInput = withPeriodsInOrder(
  z.object({
    id: z.uuid().optional(),
    // kept byte for byte (a trailing newline included); only a blank post is refused
    content: z
      .string()
      .max(200_000)
      .refine((content) => content.trim() !== '', { error: 'Content is required' })
      .refine(withinMarkdownLimits, { error: MARKDOWN_DEPTH_ERROR }),
    period_start: ZPeriodDate.optional(),
    period_end: ZPeriodDate.optional(),
  }),
);
export type TSaveBlogPostInput = z.infer<typeof ZSaveBlogPostInput>;

/** A published post with what pages and feeds show beside the object. */
export const ZBlogPostPage = z.object({ project: ZPublicProject, post: ZBlogPost, title: z.string(), ...RENDERED_PAGE_FIELDS });
export type TBlogPostPage = z.infer<typeof ZBlogPostPage>;
