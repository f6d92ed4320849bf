import type { blogPosts } from '@/db/schema';
import { firstHeading } from '../../markdown/structure';
import { markdownToText } from '../../markdown/text';
import { managedFields } from '../internal';
import { publicUrls } from '../urls';
import type { TBlogPost, TManagedBlogPost } from './schemas';

type Row = typeof blogPosts.$inferSelect;

/** decisions.md: a post's title is its first level-1 heading; else its first line, else "Untitled post". */
export function blogPostTitle(content: string): string {
  const heading = firstHeading(content, 1);
  if (heading) return heading;
  const firstLine = markdownToText(content).split('\n').find((line) => line.trim())?.trim() ?? '';
  return firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine || 'Untitled post';
}

/** The public object; only for published rows, which always have a slug and a published_at. */
export function toBlogPost(row: Row): TBlogPost {
  return {
    id: row.id,
    slug: row.slug!,
    content: row.content,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    published_at: row.publishedAt!.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

export function toManagedBlogPost(row: Row): TManagedBlogPost {
  return {
    kind: 'blog_post',
    id: row.id,
    ...managedFields(row, publicUrls.blogPost),
    title: blogPostTitle(row.content),
    content: row.content,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    created_at: row.createdAt.toISOString(),
  };
}
