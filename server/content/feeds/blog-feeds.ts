import type { Database } from '@/db/client';
import { config } from '../../config';
import { AppError } from '../../errors';
import { cached } from '../cache';
import type { TPublicListInput } from '../schemas';
import { publicUrls } from '../urls';
import { findPublishedBlogPost, findPublishedBlogPosts, type PublishedBlogPost } from '../blog-posts/public';
import { renderMarkdown } from '../../markdown/render';
import { excerpt } from '../../markdown/structure';
import { buildRss, escapeText, type FeedItem } from './rss';

function toItem({ post, title }: PublishedBlogPost): FeedItem {
  return {
    title,
    url: publicUrls.blogPost(post.slug),
    // a plain-text summary, escaped because readers take description as HTML
    description: escapeText(excerpt(post.content)),
    html: renderMarkdown(post.content),
    date: post.published_at,
  };
}

/** GET /blog/{public_slug}/feed: the post as the one item of its project's blog channel. */
export function blogPostFeed({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }) {
  return cached(`blog-post-feed:${input.public_slug}`, async () => {
    const found = await findPublishedBlogPost(ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', 'Blog post not found');
    const xml = buildRss(
      {
        title: `${found.project.name} blog: ${found.title}`,
        description: `A blog post of ${found.project.name}`,
        siteUrl: publicUrls.blogPost(found.post.slug),
        feedUrl: publicUrls.blogPostFeed(found.post.slug),
        updatedAt: found.post.published_at,
      },
      [toItem(found)],
    );
    return { xml };
  });
}

/** GET /blogs/feed: all published posts, newest first, or one project's with `?project=`. */
export function blogsFeed({ ctx, input }: { ctx: { db: Database }; input: TPublicListInput }) {
  return cached(`blogs-feed:${input.project ?? ''}:${input.limit}`, async () => {
    const posts = await findPublishedBlogPosts(ctx.db, input);
    const project = input.project ? posts[0]?.project : undefined;
    const xml = buildRss(
      {
        title: project ? `${project.name} blog` : input.project ? `${input.project} blog` : 'Shipnote blog posts',
        description: project ? `Blog posts of ${project.name}` : 'Blog posts published on Shipnote',
        siteUrl: project ? project.url : input.project ? publicUrls.project(input.project) : config.appUrl,
        feedUrl: publicUrls.blogsFeed(input.project),
        updatedAt: posts[0]?.post.published_at ?? null,
      },
      posts.map(toItem),
    );
    return { xml };
  });
}
