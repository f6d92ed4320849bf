import type { ProjectScope } from '../auth/actor';
import { groupCommits } from './generate/group';
import type { TGrouped } from './generate/schemas';
import { findSettings } from './internal';
import { commitsInWindow } from './window';

/** A window's commits grouped as the drafts would show them (empty windows included). */
export async function summarizeWindow({ ctx, input }: { ctx: ProjectScope; input: { since: string; until: string; include_hidden?: boolean } }): Promise<TGrouped> {
  const [source, settings] = await Promise.all([commitsInWindow(ctx, input.since, input.until), findSettings(ctx.db, ctx.projectId)]);
  return groupCommits(source, {
    period: { start: input.since, end: input.until },
    repositoryUrl: settings?.repositoryUrl,
    includeHidden: input.include_hidden,
  });
}
