import type { ProjectScope } from '../auth/actor';
import { commits } from '@/db/schema';
import type { TCommitInput, TPushResult } from './schemas';

/**
 * Records commits for the project, deduplicated by SHA: a SHA the project already has, or one repeated
 * within the batch, counts as a duplicate and changes nothing (the first copy sent wins).
 */
export async function pushCommits({ ctx, input }: { ctx: ProjectScope; input: { commits: TCommitInput[] } }): Promise<TPushResult> {
  const seen = new Set<string>();
  const rows = [];
  for (const commit of input.commits) {
    if (seen.has(commit.sha)) continue;
    seen.add(commit.sha);
    rows.push({
      projectId: ctx.projectId,
      sha: commit.sha,
      message: commit.message,
      authorName: commit.author_name?.trim() || null,
      authorEmail: commit.author_email?.trim() || null,
      authoredAt: new Date(commit.authored_at),
      url: commit.url ?? null,
    });
  }
  const inserted = rows.length
    ? await ctx.db.insert(commits).values(rows).onConflictDoNothing({ target: [commits.projectId, commits.sha] }).returning({ id: commits.id })
    : [];
  return { received: input.commits.length, added: inserted.length, duplicates: input.commits.length - inserted.length };
}
