import { and, eq } from 'drizzle-orm';
import { blogPosts } from '@/db/schema';
import { AppError } from '../../errors';
import { invalidatePublicContent } from '../cache';
import { today, type ProjectScope } from '../internal';
import { toDate } from '../schemas';
import { toManagedBlogPost } from './mappers';
import type { TManagedBlogPost, TSaveBlogPostInput } from './schemas';

/** save_blog_post: a new draft without `id`, else an update of the project's post (live if published). */
export async function saveBlogPost({ ctx, input }: { ctx: ProjectScope; input: TSaveBlogPostInput }): Promise<TManagedBlogPost> {
  const periods = {
    ...(input.period_start && { periodStart: toDate(input.period_start) }),
    ...(input.period_end && { periodEnd: toDate(input.period_end) }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = input.id
      ? await tx
          .update(blogPosts)
          .set({ content: input.content, ...periods })
          .where(and(eq(blogPosts.id, input.id), eq(blogPosts.projectId, ctx.projectId)))
          .returning()
      : await tx
          .insert(blogPosts)
          .values({ projectId: ctx.projectId, content: input.content, periodStart: today(), periodEnd: today(), ...periods })
          .returning();
    if (!saved) throw new AppError('NOT_FOUND', 'Blog post not found');
    // one bound sent alone (or defaulted to today) can still cross the other
    if (saved.periodEnd < saved.periodStart) {
      throw new AppError('VALIDATION', 'period_end is before period_start', ['body', 'period_end']);
    }
    return saved;
  });
  invalidatePublicContent();
  return toManagedBlogPost(row);
}
