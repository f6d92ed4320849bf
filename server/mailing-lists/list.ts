import type { ProjectScope } from './internal';
import { keptListsOf } from './kept-lists';
import type { TListSummary, TMailingList } from './schemas';

/** The project's lists, oldest first, with the five fields of the list-of-lists response; frozen (kept-lists.ts). */
export async function listLists({ ctx }: { ctx: ProjectScope }): Promise<TListSummary[]> {
  return (await keptListsOf(ctx.db, ctx.projectId)).summaries;
}

/** The same lists with all seven fields, for the dashboard; frozen too. */
export async function listListsWithCounts({ ctx }: { ctx: ProjectScope }): Promise<TMailingList[]> {
  return (await keptListsOf(ctx.db, ctx.projectId)).lists;
}
