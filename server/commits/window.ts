import type { ProjectScope } from '../auth/actor';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { commits } from '@/db/schema';
import { LAST_INSTANT } from '../dates';
import type { SourceCommit } from './generate/schemas';

/**
 * A window of whole UTC days as a half-open time range: [since 00:00, the day after until 00:00). A
 * window to 9999-12-31 has no end: nothing is stored later, and the day after cannot be written to SQL.
 */
export function windowRange(since?: string, until?: string) {
  const dayAfter = until ? Date.parse(`${until}T00:00:00.000Z`) + 86_400_000 : undefined;
  return {
    from: since ? new Date(`${since}T00:00:00.000Z`) : undefined,
    to: dayAfter !== undefined && dayAfter <= LAST_INSTANT ? new Date(dayAfter) : undefined,
  };
}

export function windowCondition(projectId: string, since?: string, until?: string) {
  const { from, to } = windowRange(since, until);
  return and(eq(commits.projectId, projectId), from && gte(commits.authoredAt, from), to && lt(commits.authoredAt, to));
}

/** Every commit of the project in the window, oldest first, as the generator reads them. */
export async function commitsInWindow(ctx: ProjectScope, since: string, until: string): Promise<SourceCommit[]> {
  const rows = await ctx.db
    .select()
    .from(commits)
    .where(windowCondition(ctx.projectId, since, until))
    .orderBy(asc(commits.authoredAt), asc(commits.sha));
  return rows.map((row) => ({
    sha: row.sha,
    message: row.message,
    author_name: row.authorName,
    authored_at: row.authoredAt.toISOString(),
    url: row.url,
  }));
}

export const newestFirst = [desc(commits.authoredAt), desc(commits.sha)];
