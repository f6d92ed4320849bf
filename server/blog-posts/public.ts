import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { blogPosts, projects } from '@/db/schema';
import { renderMarkdown } from '../markdown/render';
import { excerpt } from '../markdown/structure';
import { AppError } from '../errors';
import { cached } from '../content/cache';
import { toPublicProject } from '../content/internal';
import type { TPublicListInput, TPublicProject } from '../content/schemas';
import { publicUrls } from '../content/urls';
import { blogPostTitle, toBlogPost } from './mappers';
import type { TBlogPost, TBlogPostPage } from './schemas';

const NOT_FOUND = 'Blog post not found';

export interface PublishedBlogPost {
  post: TBlogPost;
  project: TPublicProject;
  title: string;
}

/** Published posts of every project, or of one, newest first, with their project and title. */
export function findPublishedBlogPosts(db: Database, input: TPublicListInput): Promise<PublishedBlogPost[]> {
  return cached(`blog-posts:${input.project ?? ''}:${input.limit}`, async () => {
    const rows = await db
      .select({ post: blogPosts, project: { name: projects.name, slug: projects.slug } })
      .from(blogPosts)
      .innerJoin(projects, eq(projects.id, blogPosts.projectId))
      .where(and(eq(blogPosts.status, 'published'), input.project ? eq(projects.slug, input.project) : undefined))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(input.limit);
    return rows.map((r) => ({ post: toBlogPost(r.post), project: toPublicProject(r.project), title: blogPostTitle(r.post.content) }));
  });
}

/** GET /blogs */
export async function listPublishedBlogPosts({ ctx, input }: { ctx: { db: Database }; input: TPublicListInput }) {
  return (await findPublishedBlogPosts(ctx.db, input)).map((p) => p.post);
}

/** A published post with its project and title, or null; cached, misses included. */
export function findPublishedBlogPost(db: Database, slug: string): Promise<PublishedBlogPost | null> {
  return cached(`blog-post:${slug}`, async () => {
    const [row] = await db
      .select({ post: blogPosts, project: { name: projects.name, slug: projects.slug } })
      .from(blogPosts)
      .innerJoin(projects, eq(projects.id, blogPosts.projectId))
      .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
      .limit(1);
    return row ? { post: toBlogPost(row.post), project: toPublicProject(row.project), title: blogPostTitle(row.post.content) } : null;
  });
}

/** GET /blog/{public_slug} */
export async function getPublishedBlogPost({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }) {
  const found = await findPublishedBlogPost(ctx.db, input.public_slug);
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  return found.post;
}

/** The public page of a post: the object, its project, title and rendered, sanitized body. */
export function blogPostPage({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<TBlogPostPage> {
  return cached(`blog-post-page:${input.public_slug}`, async () => {
    const found = await findPublishedBlogPost(ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
    return {
      ...found,
      description: excerpt(found.post.content, 200) || found.title,
      html: renderMarkdown(found.post.content),
      feed_url: publicUrls.blogPostFeed(input.public_slug),
    };
  });
}
