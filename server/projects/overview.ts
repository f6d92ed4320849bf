import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { blogPosts, changelogs, kbSets, mailingLists, projects } from '@/db/schema';
import type { ProjectContext } from '../context';
import { config } from '../config';
import { AppError } from '../errors';
import type { TProjectOverview } from './schemas';

/** The token's project with its public addresses and how much it holds: the MCP `get_project` tool. */
export async function getProjectOverview({ ctx }: { ctx: ProjectContext }): Promise<TProjectOverview> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, ctx.projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  const [changelogCounts, blogCounts, kbCounts, [lists]] = await Promise.all([
    countByStatus(ctx, changelogs),
    countByStatus(ctx, blogPosts),
    countByStatus(ctx, kbSets),
    ctx.db.select({ n: count() }).from(mailingLists).where(eq(mailingLists.projectId, ctx.projectId)),
  ]);
  const api = `${config.appUrl}/api/v1`;
  const slug = encodeURIComponent(project.slug);
  return {
    id: project.id,
    name: project.name,
    slug: project.slug,
    created_at: project.createdAt.toISOString(),
    urls: {
      dashboard: `${config.appUrl}/p/${slug}`,
      changelogs: `${api}/changelogs?project=${slug}`,
      blog_posts: `${api}/blogs?project=${slug}`,
      blog_feed: `${api}/blogs/feed?project=${slug}`,
      mcp: `${config.mcpUrl}/mcp`,
    },
    counts: { changelogs: changelogCounts, blog_posts: blogCounts, kb_sets: kbCounts, mailing_lists: lists?.n ?? 0 },
  };
}

type ContentTable = typeof changelogs | typeof blogPosts | typeof kbSets;

async function countByStatus(ctx: ProjectContext, table: ContentTable) {
  const rows = await ctx.db
    .select({ status: table.status, n: count() })
    .from(table as PgTable)
    .where(eq(table.projectId, ctx.projectId))
    .groupBy(table.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { draft: of('draft'), published: of('published') };
}
