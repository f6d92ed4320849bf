import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { pendingSubscriptions } from '@/db/schema';
import { lockList } from '../mailing-lists/internal';
import { assertRoomFor, loadMatches, writePlan } from '../recipients/internal';
import { planUpsert } from '../recipients/plan-upsert';
import { findPending } from './internal';
import type { TSubscriptionState } from './schemas';
import { writingLists } from '../mailing-lists/kept-lists';

/**
 * The POST of a confirmation link: the address joins the list the way the contract's add does (new or
 * removed becomes active, within the 500-active cap; unsubscribed stays untouched), and the link is
 * used up: pressed again it changes nothing and says `used` (when it subscribed the address). A full list answers LIMIT and keeps the
 * link, so it can be used once there is room.
 */
export async function confirmSubscription({ ctx, input }: { ctx: { db: Database }; input: { token: string } }): Promise<TSubscriptionState> {
  return writingLists(ctx.db, async (tx) => {
    const pending = await findPending(tx, input.token, true);
    if (pending.confirmedAt) return stateOf(pending, 'used');
    await lockList(tx, pending.projectId, pending.listId);
    const plan = planUpsert(await loadMatches(tx, pending.projectId, pending.listId, [pending.email], true), [pending.email]);
    const { added, reactivated, skipped_unsubscribed } = plan.result;
    await assertRoomFor(tx, pending.projectId, pending.listId, added + reactivated);
    await writePlan(tx, pending.projectId, pending.listId, plan);
    // kept as used only when it subscribed: "already confirmed" would be untrue of an unsubscribed address
    const thisLink = eq(pendingSubscriptions.id, pending.id);
    if (skipped_unsubscribed) await tx.delete(pendingSubscriptions).where(thisLink);
    else await tx.update(pendingSubscriptions).set({ confirmedAt: sql`now()` }).where(thisLink);
    return stateOf(pending, skipped_unsubscribed ? 'unsubscribed' : 'subscribed');
  });
}

/** The GET of a confirmation link: what it would confirm, changing nothing (mail scanners follow GETs). */
export async function describeSubscription({ ctx, input }: { ctx: { db: Database }; input: { token: string } }): Promise<TSubscriptionState> {
  const pending = await findPending(ctx.db, input.token, false);
  return stateOf(pending, pending.confirmedAt ? 'used' : 'pending');
}

function stateOf(
  pending: { email: string; listName: string; projectName: string; projectSlug: string },
  status: TSubscriptionState['status'],
): TSubscriptionState {
  return { email: pending.email, list_name: pending.listName, project_name: pending.projectName, project_slug: pending.projectSlug, status };
}
