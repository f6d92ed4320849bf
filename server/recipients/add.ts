import { lockList, type ProjectScope } from '../mailing-lists/internal';
import { assertRoomFor, loadMatches, writePlan } from './internal';
import { planUpsert } from './plan-upsert';
import type { TAddResult } from './schemas';
import { writingLists } from '../mailing-lists/kept-lists';

/**
 * POST recipients: the upsert of bare addresses, counted the add way. A removed address comes back
 * and counts as added (decisions.md); active and unsubscribed ones are skipped_existing.
 */
export async function addRecipients({ ctx, input }: { ctx: ProjectScope; input: { list_id: string; emails: string[] } }): Promise<TAddResult> {
  return writingLists(ctx.db, async (tx) => {
    await lockList(tx, ctx.projectId, input.list_id);
    const plan = planUpsert(await loadMatches(tx, ctx.projectId, input.list_id, input.emails, true), input.emails);
    const { added, reactivated, unchanged, skipped_unsubscribed, invalid } = plan.result;
    await assertRoomFor(tx, ctx.projectId, input.list_id, added + reactivated);
    await writePlan(tx, ctx.projectId, input.list_id, plan);
    return { added: added + reactivated, skipped_existing: unchanged + skipped_unsubscribed, invalid: [...new Set(invalid)] };
  });
}
