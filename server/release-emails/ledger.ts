import { and, asc, eq, gt } from 'drizzle-orm';
import { emailDeliveries } from '@/db/schema';
import { AppError } from '../errors';
import type { ProjectScope } from '../mailing-lists/internal';
import { getSendRow } from './internal';
import type { TDelivery, TLedgerInput } from './schemas';

/** The per-recipient ledger of a send, in audience order, keyset-paged by its frozen order. */
export async function listDeliveries({ ctx, input }: { ctx: ProjectScope; input: TLedgerInput }) {
  await getSendRow(ctx.db, ctx.projectId, input.send_id);
  const after = input.cursor === undefined ? undefined : Number(input.cursor);
  if (after !== undefined && !(Number.isSafeInteger(after) && after >= 0)) throw new AppError('BAD_REQUEST', 'Malformed cursor');
  const rows = await ctx.db
    .select()
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.sendId, input.send_id),
        eq(emailDeliveries.projectId, ctx.projectId),
        input.status ? eq(emailDeliveries.status, input.status) : undefined,
        after === undefined ? undefined : gt(emailDeliveries.seq, after),
      ),
    )
    .orderBy(asc(emailDeliveries.seq))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(toDelivery),
    next_cursor: rows.length > input.limit ? String(page[page.length - 1]!.seq) : null,
  };
}

function toDelivery(row: typeof emailDeliveries.$inferSelect): TDelivery {
  return {
    id: row.id,
    email: row.email,
    ...(row.name ? { name: row.name } : {}),
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    sent_at: row.sentAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}
