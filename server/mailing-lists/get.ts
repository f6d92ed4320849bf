import { eq } from 'drizzle-orm';
import { mailingLists } from '@/db/schema';
import { listNotFound, selectListsWithCounts, type ProjectScope } from './internal';
import type { TMailingList } from './schemas';

/** One list of the project with all seven fields; 404 when it is missing or in another project. */
export async function getList({ ctx, input }: { ctx: ProjectScope; input: { list_id: string } }): Promise<TMailingList> {
  const [list] = await selectListsWithCounts(ctx.db, ctx.projectId, eq(mailingLists.id, input.list_id));
  if (!list) throw listNotFound();
  return list;
}
