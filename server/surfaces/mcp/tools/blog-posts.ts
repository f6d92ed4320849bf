import { ZIdInput, ZStatusFilter } from '../../../content/schemas';
import { ZManagedBlogPost, ZSaveBlogPostInput } from '../../../content/blog-posts/schemas';
import { defineTool, itemsOf } from '../tool';

export const blogPostTools = [
  defineTool({
    name: 'list_blog_posts',
    title: 'List blog posts',
    description: 'The blog posts of the project, drafts and published; filter with status (draft or published).',
    input: ZStatusFilter,
    output: itemsOf(ZManagedBlogPost),
    effect: 'read',
    run: async (caller, input) => ({ items: await caller.blogPosts.manage.list(input) }),
  }),
  defineTool({
    name: 'get_blog_post',
    title: 'Get blog post',
    description: 'One blog post of the project by id, with its markdown content.',
    input: ZIdInput,
    output: ZManagedBlogPost,
    effect: 'read',
    run: (caller, input) => caller.blogPosts.manage.get(input),
  }),
  defineTool({
    name: 'save_blog_post',
    title: 'Save blog post',
    description:
      'Creates a draft blog post (no id) or updates one (with id). content is markdown; its first level-1 heading is the title. Periods default to the day of creation.',
    input: ZSaveBlogPostInput,
    output: ZManagedBlogPost,
    effect: { destructive: true, idempotent: false },
    run: (caller, input) => caller.blogPosts.manage.save(input),
  }),
];
