import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rowsOf } from '@/db/rows';
import type { SendContentKind } from '@/db/schema';
import { SKIP_REASON, suppressionOf } from '../suppressions/internal';

/**
 * An active recipient of the list that already has a delivery of this item (in any send, skipped
 * ones aside): a repeated send reaches only the others, so nobody gets the same item twice.
 */
export const alreadyReached = (projectId: string, kind: SendContentKind, itemId: string) => sql`exists (
  select 1 from email_deliveries d join email_sends s on s.id = d.send_id and s.project_id = d.project_id
  where s.project_id = ${projectId} and s.content_kind = ${kind} and s.content_id = ${itemId}
    and d.recipient_id = r.id and d.status <> 'skipped')`;

/** How many active recipients the list has, how many are suppressed, and how many a send of the item would reach. */
export async function countAudience(db: DbOrTx, projectId: string, listId: string, kind: SendContentKind, itemId: string) {
  const suppressed = sql`${suppressionOf(projectId, sql`r.email`)} is not null`;
  const rows = await db.execute<{ active: number; suppressed: number; reach: number }>(sql`
    select count(*)::int as active, (count(*) filter (where ${suppressed}))::int as suppressed,
      (count(*) filter (where not ${suppressed} and not ${alreadyReached(projectId, kind, itemId)}))::int as reach
    from recipients r where r.list_id = ${listId} and r.project_id = ${projectId} and r.status = 'active'`);
  const row = rowsOf<{ active: number; suppressed: number; reach: number }>(rows)[0];
  return { active: Number(row?.active ?? 0), suppressed: Number(row?.suppressed ?? 0), reach: Number(row?.reach ?? 0) };
}

/**
 * Freezes the audience: one ledger row per active recipient, in list order, queued or skipped (an
 * address on the suppression list, or one that already received the item).
 */
export async function insertAudience(tx: DbOrTx, send: { id: string; projectId: string; listId: string; kind: SendContentKind; itemId: string }) {
  const reached = alreadyReached(send.projectId, send.kind, send.itemId);
  const rows = await tx.execute<{ status: string; suppressed_for: string | null }>(sql`
    insert into email_deliveries (send_id, project_id, recipient_id, email, name, status, reason, suppressed_for)
    select ${send.id}::uuid, ${send.projectId}::uuid, a.id, a.email, a.name,
      case when a.suppressed_for is not null or a.reached then 'skipped' else 'queued' end,
      case when a.suppressed_for = 'hard_bounce' then ${SKIP_REASON.hard_bounce}
        when a.suppressed_for = 'complaint' then ${SKIP_REASON.complaint}
        when a.suppressed_for = 'manual' then ${SKIP_REASON.manual}
        when a.reached then 'Already received this item in an earlier send' end,
      a.suppressed_for
    from (
      select r.id, r.email, r.name, r.seq, ${suppressionOf(send.projectId, sql`r.email`)} as suppressed_for, ${reached} as reached
      from recipients r
      where r.list_id = ${send.listId} and r.project_id = ${send.projectId} and r.status = 'active'
    ) a
    order by a.seq
    returning status, suppressed_for`);
  const result = rowsOf<{ status: string; suppressed_for: string | null }>(rows);
  return {
    total: result.length,
    queued: result.filter((r) => r.status === 'queued').length,
    suppressed: result.filter((r) => r.suppressed_for !== null).length,
  };
}
