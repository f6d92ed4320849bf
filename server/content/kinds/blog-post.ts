import { blogPosts, type RenderedBlogPost } from '@/db/schema';
import { renderMarkdown } from '../../markdown/render';
import { excerpt, firstHeading } from '../../markdown/structure';
import { markdownToText } from '../../markdown/text';
import { defineKind } from '../kind';
import { today } from '../internal';
import { escapeText } from '../rss';
import { toDate } from '../schemas';
import { publicUrls } from '../urls';
import { ZBlogPost, ZBlogPostPage, ZManagedBlogPost, ZSaveBlogPostInput } from './blog-post-schemas';
import { currentRendering, isCurrent } from '../rendered';

type Row = typeof blogPosts.$inferSelect;
const PATH = 'blog';

/** decisions.md: a post's title is its first level-1 heading; else its first line, else "Untitled post". */
export function blogPostTitle(content: string): string {
  const heading = firstHeading(content, 1);
  if (heading) return heading;
  const firstLine = markdownToText(content).split('\n').find((line) => line.trim())?.trim() ?? '';
  return firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine || 'Untitled post';
}

function fields(row: Row) {
  return { id: row.id, content: row.content, period_start: row.periodStart, period_end: row.periodEnd, created_at: row.createdAt.toISOString() };
}

function render({ content = '' }: { content?: string }): RenderedBlogPost {
  return { title: blogPostTitle(content), html: renderMarkdown(content), summary: excerpt(content, 200), excerpt: excerpt(content) };
}

/** The title kept at save; a rendering of an older version has none, and only the title is worked out then. */
function titleOf(row: Row): string {
  return isCurrent(row.rendered) ? row.rendered.title : blogPostTitle(row.content);
}

/** Blog posts: markdown whose first `# ` heading is the title, covering a period of days. */
export const BLOG_POST = defineKind({
  kind: 'blog_post',
  label: 'Blog post',
  path: PATH,
  table: blogPosts,
  schemas: { public: ZBlogPost, managed: ZManagedBlogPost, save: ZSaveBlogPostInput, page: ZBlogPostPage },
  fields,
  title: titleOf,
  // periods change only when sent; a new post covers the day it was written
  saveValues: (input) => ({
    content: input.content,
    ...(input.period_start && { periodStart: toDate(input.period_start) }),
    ...(input.period_end && { periodEnd: toDate(input.period_end) }),
  }),
  createDefaults: () => ({ periodStart: today(), periodEnd: today() }),
  render,
  page: ({ item, row, project }) => {
    const { title, html, summary } = currentRendering(row.rendered, () => render(row));
    return { post: item, project, title, description: summary || title, html, feed_url: publicUrls.feed(PATH, item.slug) };
  },
  // the post is its own source: its first heading is already its title
  markdown: ({ item }) => item.content,
  feed: {
    channel: ({ row, project }) => ({ title: `${project.name} blog: ${titleOf(row)}`, description: `A blog post of ${project.name}` }),
    items: ({ item, row }) => {
      const rendered = currentRendering(row.rendered, () => render(row));
      return [
        {
          title: rendered.title,
          url: publicUrls.page(PATH, item.slug),
          // a plain-text summary, escaped because readers take description as HTML
          description: escapeText(rendered.excerpt),
          html: rendered.html,
          date: item.published_at,
        },
      ];
    },
    list: (project) => ({
      title: project.name ? `${project.name} blog` : project.slug ? `${project.slug} blog` : 'Shipnote blog posts',
      description: project.name ? `Blog posts of ${project.name}` : 'Blog posts published on Shipnote',
    }),
  },
});
