import { and, desc, eq } from 'drizzle-orm';
import type { ProjectScope } from '../auth/actor';
import type { AnyContentKind } from './kind';
import { toManaged } from './objects';
import { columnsOf } from './internal';
import type { TContentStatus } from './schemas';

/** list_changelogs, list_blog_posts, list_kb_sets: the project's items, newest first, optionally of one status. */
export async function listItems<M>(kind: AnyContentKind<unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { status?: TContentStatus } }): Promise<M[]> {
  const t = columnsOf(kind);
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.projectId, ctx.projectId), input.status ? eq(t.status, input.status) : undefined))
    .orderBy(desc(t.createdAt), desc(t.id));
  return rows.map((row) => toManaged(kind, row));
}
