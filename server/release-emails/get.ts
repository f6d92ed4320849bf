import { desc, eq, sql } from 'drizzle-orm';
import { emailDeliveries, emailSends } from '@/db/schema';
import type { ProjectScope } from '../mailing-lists/internal';
import { getSendRow, suppressedColumns, toSend } from './internal';
import type { TSend } from './schemas';

/** One release email of the project with its progress. */
export function getSend({ ctx, input }: { ctx: ProjectScope; input: { send_id: string } }): Promise<TSend> {
  return getSendRow(ctx.db, ctx.projectId, input.send_id);
}

const count = (status: string) => sql<number>`(count(${emailDeliveries.id}) filter (where ${emailDeliveries.status} = ${status}))::int`;

/** The project's release emails, newest first, with their progress (the last 100). */
export async function listSends({ ctx }: { ctx: ProjectScope }): Promise<TSend[]> {
  const rows = await ctx.db
    .select({
      send: emailSends,
      total: sql<number>`count(${emailDeliveries.id})::int`,
      queued: count('queued'),
      sending: count('sending'),
      sent: count('sent'),
      failed: count('failed'),
      skipped: count('skipped'),
      retryable: sql<number>`(count(${emailDeliveries.id}) filter (where ${emailDeliveries.status} = 'failed' and ${emailDeliveries.failureKind} <> 'interrupted'))::int`,
      ...suppressedColumns,
    })
    .from(emailSends)
    .leftJoin(emailDeliveries, sql`${emailDeliveries.sendId} = ${emailSends.id} and ${emailDeliveries.projectId} = ${emailSends.projectId}`)
    .where(eq(emailSends.projectId, ctx.projectId))
    .groupBy(emailSends.id)
    .orderBy(desc(emailSends.createdAt), desc(emailSends.id))
    .limit(100);
  return rows.map(({ send, ...counts }) => toSend(send, counts));
}
