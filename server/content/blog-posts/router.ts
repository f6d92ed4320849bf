import { z } from 'zod';
import { projectProcedure, publicProcedure, router } from '../../trpc';
import { PUBLIC_CONTENT_CACHE } from '../http-cache';
import { ZIdInput, ZPublicListInput, ZSlugInput, ZStatusFilter } from '../schemas';
import { ZFeed } from '../feeds/schemas';
import { blogPostFeed, blogsFeed } from '../feeds/blog-feeds';
import { blogPostPage } from './public';
import { getItem, getPublished, listItems, listPublished } from '../items';
import { BLOG_POST } from '../kinds';
import { saveBlogPost } from './save';
import { ZBlogPost, ZBlogPostPage, ZManagedBlogPost, ZSaveBlogPostInput } from './schemas';

const tags = ['Public content'];

export const blogPostsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/blogs', tags, summary: 'Published blog posts, newest first', protect: false }, httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZPublicListInput)
    .output(z.array(ZBlogPost))
    .query(({ ctx, input }) => listPublished(BLOG_POST, { ctx, input })),
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/blog/{public_slug}', tags, summary: 'One published blog post', protect: false }, errors: [404], httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZSlugInput)
    .output(ZBlogPost)
    .query(({ ctx, input }) => getPublished(BLOG_POST, { ctx, input })),
  /** RSS of GET /blog/{public_slug}/feed and GET /blogs/feed, served by their own route handlers */
  feed: publicProcedure.input(ZSlugInput).output(ZFeed).query(({ ctx, input }) => blogPostFeed({ ctx, input })),
  feedAll: publicProcedure.input(ZPublicListInput).output(ZFeed).query(({ ctx, input }) => blogsFeed({ ctx, input })),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZBlogPostPage).query(({ ctx, input }) => blogPostPage({ ctx, input })),

  /** authoring, by any actor of the project (dashboard, API token, agent): what the MCP tools list_blog_posts, get_blog_post, save_blog_post call */
  manage: router({
    list: projectProcedure.input(ZStatusFilter).output(z.array(ZManagedBlogPost)).query(({ ctx, input }) => listItems(BLOG_POST, { ctx, input })),
    get: projectProcedure.input(ZIdInput).output(ZManagedBlogPost).query(({ ctx, input }) => getItem(BLOG_POST, { ctx, input })),
    save: projectProcedure.input(ZSaveBlogPostInput).output(ZManagedBlogPost).mutation(({ ctx, input }) => saveBlogPost({ ctx, input })),
  }),
});
