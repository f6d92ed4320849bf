import { cached } from './cache';
import type { PublicScope } from './internal';
import type { ContentTable, PublicItem, PublicKind, Published } from './kind';
import { BLOG_POST, CHANGELOG, KB_SET } from './kinds';
import { findProjectContent } from './project-content';
import type { TProjectSite } from './site-schema';
import { summaryOf } from './rendered';
import { publicUrls } from './urls';

/** What the project page shows of any item: its title, date and page. */
function entry<T extends ContentTable, P extends PublicItem>(kind: PublicKind<T, P>, { item, row }: Published<T['$inferSelect'], P>) {
  return { title: kind.title(row), published_at: item.published_at, url: publicUrls.page(kind.path, item.slug) };
}

/** The public page of a project: what it published. 404 when it has published nothing (or doesn't exist). */
export function projectSite({ ctx, input }: { ctx: PublicScope; input: { project: string } }): Promise<TProjectSite> {
  return cached(`site:${input.project}`, async () => {
    const { project, changelogs, posts, sets } = await findProjectContent(ctx.db, input.project);
    return {
      project,
      blogs_feed_url: publicUrls.listFeed(BLOG_POST.path, project.slug),
      llms_txt_url: publicUrls.llmsTxt(project.slug),
      changelogs: changelogs.map((c) => ({ ...entry(CHANGELOG, c), version: c.item.version, feed_url: publicUrls.feed(CHANGELOG.path, c.item.slug) })),
      blog_posts: posts.map((p) => ({ ...entry(BLOG_POST, p), excerpt: summaryOf(p.row.rendered, p.item.content) })),
      kb_sets: sets.map((s) => ({ ...entry(KB_SET, s), article_count: s.row.articles.length })),
    };
  });
}
