import type { ProjectScope } from '../auth/actor';
import { commits } from '@/db/schema';
import type { TCommit, TListCommitsInput } from './schemas';
import { newestFirst, windowCondition } from './window';

/** list_commits: the project's commits in a window of days, newest first. */
export async function listCommits({ ctx, input }: { ctx: ProjectScope; input: TListCommitsInput }): Promise<{ items: TCommit[] }> {
  const rows = await ctx.db
    .select()
    .from(commits)
    .where(windowCondition(ctx.projectId, input.since, input.until))
    .orderBy(...newestFirst)
    .limit(input.limit);
  return { items: rows.map(toCommit) };
}

export function toCommit(row: typeof commits.$inferSelect): TCommit {
  return {
    sha: row.sha,
    message: row.message,
    ...(row.authorName ? { author_name: row.authorName } : {}),
    authored_at: row.authoredAt.toISOString(),
    ...(row.url ? { url: row.url } : {}),
  };
}
