import { and, desc, eq } from 'drizzle-orm';
import { changelogs } from '@/db/schema';
import { AppError } from '../errors';
import type { ProjectScope } from '../content/internal';
import type { TContentStatus } from '../content/schemas';
import { toManagedChangelog } from './mappers';
import type { TManagedChangelog } from './schemas';

/** get_changelog: one changelog of the project, draft or published. */
export async function getChangelog({ ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<TManagedChangelog> {
  const [row] = await ctx.db
    .select()
    .from(changelogs)
    .where(and(eq(changelogs.id, input.id), eq(changelogs.projectId, ctx.projectId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Changelog not found');
  return toManagedChangelog(row);
}

/** list_changelogs: the project's changelogs, newest first, optionally only drafts or only published. */
export async function listChangelogs({ ctx, input }: { ctx: ProjectScope; input: { status?: TContentStatus } }) {
  const rows = await ctx.db
    .select()
    .from(changelogs)
    .where(and(eq(changelogs.projectId, ctx.projectId), input.status ? eq(changelogs.status, input.status) : undefined))
    .orderBy(desc(changelogs.createdAt), desc(changelogs.id));
  return rows.map(toManagedChangelog);
}
