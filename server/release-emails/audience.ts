import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { SendContentKind } from '@/db/schema';

/**
 * An active recipient of the list that already has a delivery of this item (in any send, skipped
 * ones aside): a repeated send reaches only the others, so nobody gets the same item twice.
 */
export const alreadyReached = (projectId: string, kind: SendContentKind, itemId: string) => sql`exists (
  select 1 from email_deliveries d join email_sends s on s.id = d.send_id and s.project_id = d.project_id
  where s.project_id = ${projectId} and s.content_kind = ${kind} and s.content_id = ${itemId}
    and d.recipient_id = r.id and d.status <> 'skipped')`;

/** How many active recipients the list has and how many of them a send of the item would reach. */
export async function countAudience(db: DbOrTx, projectId: string, listId: string, kind: SendContentKind, itemId: string) {
  const rows = await db.execute<{ active: number; reach: number }>(sql`
    select count(*)::int as active, (count(*) filter (where not ${alreadyReached(projectId, kind, itemId)}))::int as reach
    from recipients r where r.list_id = ${listId} and r.project_id = ${projectId} and r.status = 'active'`);
  const row = rowsOf<{ active: number; reach: number }>(rows)[0];
  return { active: Number(row?.active ?? 0), reach: Number(row?.reach ?? 0) };
}

/** Freezes the audience: one ledger row per active recipient, in list order, queued or skipped. */
export async function insertAudience(tx: DbOrTx, send: { id: string; projectId: string; listId: string; kind: SendContentKind; itemId: string }) {
  const reached = alreadyReached(send.projectId, send.kind, send.itemId);
  const rows = await tx.execute<{ status: string }>(sql`
    insert into email_deliveries (send_id, project_id, recipient_id, email, name, status, reason)
    select ${send.id}::uuid, ${send.projectId}::uuid, r.id, r.email, r.name,
      case when ${reached} then 'skipped' else 'queued' end,
      case when ${reached} then 'Already received this item in an earlier send' end
    from recipients r
    where r.list_id = ${send.listId} and r.project_id = ${send.projectId} and r.status = 'active'
    order by r.seq
    returning status`);
  const statuses = rowsOf<{ status: string }>(rows).map((r) => r.status);
  return { total: statuses.length, queued: statuses.filter((s) => s === 'queued').length };
}

/** postgres.js returns the rows as the result, PGlite inside `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
