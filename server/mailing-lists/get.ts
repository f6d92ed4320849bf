import { listNotFound, selectListWithCounts, type ProjectScope } from './internal';
import type { TMailingList } from './schemas';

/** One list of the project with all seven fields; 404 when it is missing or in another project. */
export async function getList({ ctx, input }: { ctx: ProjectScope; input: { list_id: string } }): Promise<TMailingList> {
  const list = await selectListWithCounts(ctx.db, ctx.projectId, input.list_id);
  if (!list) throw listNotFound();
  return list;
}
