import type { ProjectScope } from './internal';
import { selectListsWithCounts } from './internal';
import type { TListSummary, TMailingList } from './schemas';

/** The project's lists, oldest first, with the five fields of the list-of-lists response. */
export async function listLists({ ctx }: { ctx: ProjectScope }): Promise<TListSummary[]> {
  const lists = await listListsWithCounts({ ctx });
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    recipient_count: list.recipient_count,
    active_count: list.active_count,
    created_at: list.created_at,
  }));
}

/** The same lists with all seven fields, for the dashboard. */
export function listListsWithCounts({ ctx }: { ctx: ProjectScope }): Promise<TMailingList[]> {
  return selectListsWithCounts(ctx.db, ctx.projectId);
}
