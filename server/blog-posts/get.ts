import { and, desc, eq } from 'drizzle-orm';
import { blogPosts } from '@/db/schema';
import { AppError } from '../errors';
import type { ProjectScope } from '../content/internal';
import type { TContentStatus } from '../content/schemas';
import { toManagedBlogPost } from './mappers';
import type { TManagedBlogPost } from './schemas';

/** get_blog_post: one post of the project, draft or published. */
export async function getBlogPost({ ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<TManagedBlogPost> {
  const [row] = await ctx.db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, input.id), eq(blogPosts.projectId, ctx.projectId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Blog post not found');
  return toManagedBlogPost(row);
}

/** list_blog_posts: the project's posts, newest first, optionally only drafts or only published. */
export async function listBlogPosts({ ctx, input }: { ctx: ProjectScope; input: { status?: TContentStatus } }) {
  const rows = await ctx.db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.projectId, ctx.projectId), input.status ? eq(blogPosts.status, input.status) : undefined))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(toManagedBlogPost);
}
