import { and, eq } from 'drizzle-orm';
import type { ProjectScope } from '../auth/actor';
import type { AnyContentKind } from './kind';
import { toManaged } from './objects';
import { columnsOf, notFound } from './internal';

/** get_changelog, get_blog_post, get_kb_set: one item of the project, draft or published. */
export async function getItem<M>(kind: AnyContentKind<unknown, M>, { ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<M> {
  const t = columnsOf(kind);
  const [row] = await ctx.db.select().from(t).where(and(eq(t.id, input.id), eq(t.projectId, ctx.projectId))).limit(1);
  if (!row) throw notFound(kind);
  return toManaged(kind, row);
}
