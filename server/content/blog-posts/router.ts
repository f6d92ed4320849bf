import { publicProcedure, router } from '../../trpc';
import { blogPostFeed, blogsFeed } from '../feeds/blog-feeds';
import { ZFeed } from '../feeds/schemas';
import { BLOG_POST } from '../kinds';
import { authoringRouter, publishedItemProcedure, publishedListProcedure } from '../procedures';
import { ZPublicListInput, ZSlugInput } from '../schemas';
import { blogPostPage } from './public';
import { saveBlogPost } from './save';
import { ZBlogPost, ZBlogPostPage, ZManagedBlogPost, ZSaveBlogPostInput } from './schemas';

export const blogPostsRouter = router({
  list: publishedListProcedure(BLOG_POST, ZBlogPost, '/blogs', 'blog posts'),
  get: publishedItemProcedure(BLOG_POST, ZBlogPost, '/blog/{public_slug}', 'blog post'),
  /** RSS of GET /blog/{public_slug}/feed and GET /blogs/feed (surfaces/rest/raw-routes.ts) */
  feed: publicProcedure.input(ZSlugInput).output(ZFeed).query(({ ctx, input }) => blogPostFeed({ ctx, input })),
  feedAll: publicProcedure.input(ZPublicListInput).output(ZFeed).query(({ ctx, input }) => blogsFeed({ ctx, input })),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZBlogPostPage).query(({ ctx, input }) => blogPostPage({ ctx, input })),
  manage: authoringRouter(BLOG_POST, ZManagedBlogPost, ZSaveBlogPostInput, saveBlogPost),
});
