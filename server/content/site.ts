import { eq } from 'drizzle-orm';
import { projects } from '@/db/schema';
import { AppError } from '../errors';
import { excerpt } from '../markdown/structure';
import { cached } from './cache';
import { toPublicProject, type PublicScope } from './internal';
import type { ContentTable, PublicItem, PublicKind, Published } from './kind';
import { BLOG_POST, CHANGELOG, KB_SET } from './kinds';
import { findPublishedList } from './public-list';
import type { TProjectSite } from './site-schema';
import { publicUrls } from './urls';

const LIMIT = 100;

/** What the project page shows of any item: its title, date and page. */
function entry<T extends ContentTable, P extends PublicItem>(kind: PublicKind<T, P>, { item, row }: Published<T['$inferSelect'], P>) {
  return { title: kind.title(row), published_at: item.published_at, url: publicUrls.page(kind.path, item.slug) };
}

/** The public page of a project: what it published. 404 when it has published nothing (or doesn't exist). */
export function projectSite({ ctx, input }: { ctx: PublicScope; input: { project: string } }): Promise<TProjectSite> {
  return cached(`site:${input.project}`, async () => {
    const [project] = await ctx.db
      .select({ name: projects.name, slug: projects.slug })
      .from(projects)
      .where(eq(projects.slug, input.project))
      .limit(1);
    const filter = { project: input.project, limit: LIMIT };
    const [changelogs, posts, sets] = project
      ? await Promise.all([findPublishedList(CHANGELOG, ctx.db, filter), findPublishedList(BLOG_POST, ctx.db, filter), findPublishedList(KB_SET, ctx.db, filter)])
      : [[], [], []];
    if (!project || changelogs.length + posts.length + sets.length === 0) throw new AppError('NOT_FOUND', 'Nothing published here');
    return {
      project: toPublicProject(project),
      blogs_feed_url: publicUrls.listFeed(BLOG_POST.path, project.slug),
      changelogs: changelogs.map((c) => ({ ...entry(CHANGELOG, c), version: c.item.version, feed_url: publicUrls.feed(CHANGELOG.path, c.item.slug) })),
      blog_posts: posts.map((p) => ({ ...entry(BLOG_POST, p), excerpt: excerpt(p.item.content, 200) })),
      kb_sets: sets.map((s) => ({ ...entry(KB_SET, s), article_count: s.row.articles.length })),
    };
  });
}
