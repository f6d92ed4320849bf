import { lockList, type ProjectScope } from '../mailing-lists/internal';
import { assertRoomFor, loadMatches, writePlan } from './internal';
import { planUpsert } from './plan-upsert';
import type { TUpsertInput, TUpsertResult } from './schemas';
import { writingLists } from '../mailing-lists/kept-lists';

/**
 * PUT recipients: one transaction of a handful of statements (lock the list, read the matches, count
 * the active ones, write). A batch that would pass 500 active writes nothing.
 */
export async function upsertRecipients({ ctx, input }: { ctx: ProjectScope; input: TUpsertInput }): Promise<TUpsertResult> {
  return writingLists(ctx.db, async (tx) => {
    await lockList(tx, ctx.projectId, input.list_id);
    const plan = planUpsert(await loadMatches(tx, ctx.projectId, input.list_id, input.recipients, true), input.recipients);
    await assertRoomFor(tx, ctx.projectId, input.list_id, plan.result.added + plan.result.reactivated);
    await writePlan(tx, ctx.projectId, input.list_id, plan);
    return plan.result;
  });
}
