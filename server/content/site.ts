import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { projects } from '@/db/schema';
import { AppError } from '../errors';
import { findPublishedBlogPosts } from './blog-posts/public';
import { listPublished } from './items';
import { CHANGELOG } from './kinds';
import { listPublishedKbSetsOf } from './kb-sets/public';
import { excerpt } from '../markdown/structure';
import { cached } from './cache';
import { toPublicProject } from './internal';
import type { TProjectSite } from './site-schema';
import { publicUrls } from './urls';

const LIMIT = 100;

/** The public page of a project: what it published. 404 when it has published nothing (or doesn't exist). */
export function projectSite({ ctx, input }: { ctx: { db: Database }; input: { project: string } }): Promise<TProjectSite> {
  return cached(`site:${input.project}`, async () => {
    const [project] = await ctx.db
      .select({ name: projects.name, slug: projects.slug })
      .from(projects)
      .where(eq(projects.slug, input.project))
      .limit(1);
    const filter = { project: input.project, limit: LIMIT };
    const [changelogs, posts, sets] = project
      ? await Promise.all([
          listPublished(CHANGELOG, { ctx, input: filter }),
          findPublishedBlogPosts(ctx.db, filter),
          listPublishedKbSetsOf(ctx.db, input.project),
        ])
      : [[], [], []];
    if (!project || changelogs.length + posts.length + sets.length === 0) throw new AppError('NOT_FOUND', 'Nothing published here');
    return {
      project: toPublicProject(project),
      blogs_feed_url: publicUrls.blogsFeed(project.slug),
      changelogs: changelogs.map((c) => ({
        title: c.title,
        version: c.version,
        published_at: c.published_at,
        url: publicUrls.changelog(c.slug),
        feed_url: publicUrls.changelogFeed(c.slug),
      })),
      blog_posts: posts.map((p) => ({ title: p.title, excerpt: excerpt(p.post.content, 200), published_at: p.post.published_at, url: publicUrls.blogPost(p.post.slug) })),
      kb_sets: sets.map((s) => ({ title: s.title, article_count: s.article_count, published_at: s.set.published_at, url: publicUrls.kbSet(s.set.slug) })),
    };
  });
}
