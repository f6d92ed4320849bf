import type { Database } from '@/db/client';
import { renderMarkdown } from '../../markdown/render';
import { excerpt } from '../../markdown/structure';
import { AppError } from '../../errors';
import { cached } from '../cache';
import { findPublished, findPublishedList } from '../items';
import { BLOG_POST } from '../kinds';
import type { TPublicListInput, TPublicProject } from '../schemas';
import { publicUrls } from '../urls';
import { blogPostTitle } from './mappers';
import type { TBlogPost, TBlogPostPage } from './schemas';

export interface PublishedBlogPost {
  post: TBlogPost;
  project: TPublicProject;
  title: string;
}

const withTitle = (found: { item: TBlogPost; project: TPublicProject }): PublishedBlogPost => ({
  post: found.item,
  project: found.project,
  title: blogPostTitle(found.item.content),
});

/** Published posts of every project, or of one, newest first, with their project and title. */
export async function findPublishedBlogPosts(db: Database, input: TPublicListInput): Promise<PublishedBlogPost[]> {
  return (await findPublishedList(BLOG_POST, db, input)).map(withTitle);
}

/** A published post with its project and title, or null. */
export async function findPublishedBlogPost(db: Database, slug: string): Promise<PublishedBlogPost | null> {
  const found = await findPublished(BLOG_POST, db, slug);
  return found && withTitle(found);
}

/** The public page of a post: the object, its project, title and rendered, sanitized body. */
export function blogPostPage({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<TBlogPostPage> {
  return cached(`blog-post-page:${input.public_slug}`, async () => {
    const found = await findPublishedBlogPost(ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', `${BLOG_POST.label} not found`);
    return {
      ...found,
      description: excerpt(found.post.content, 200) || found.title,
      html: renderMarkdown(found.post.content),
      feed_url: publicUrls.blogPostFeed(input.public_slug),
    };
  });
}
