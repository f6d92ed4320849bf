import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { mailingLists, recipients } from '@/db/schema';
import { AppError } from '../errors';
import type { TMailingList } from './schemas';

export type { ProjectScope } from '../auth/actor';

export type ListRow = typeof mailingLists.$inferSelect;

/**
 * Locks the list row for the rest of the transaction, so writers to one list queue up and the active
 * count read after it stays true until commit. A list of another project is "not found".
 */
export async function lockList(tx: DbOrTx, projectId: string, listId: string): Promise<ListRow> {
  const [list] = await tx
    .select()
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.projectId, projectId)))
    .for('no key update');
  if (!list) throw listNotFound();
  return list;
}

export async function getListRow(db: DbOrTx, projectId: string, listId: string): Promise<ListRow> {
  const [list] = await db
    .select()
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.projectId, projectId)));
  if (!list) throw listNotFound();
  return list;
}

export function listNotFound() {
  return new AppError('NOT_FOUND', 'Mailing list not found');
}

export async function countActive(tx: DbOrTx, projectId: string, listId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(recipients)
    .where(and(eq(recipients.listId, listId), eq(recipients.projectId, projectId), eq(recipients.status, 'active')));
  return row?.n ?? 0;
}

/** Lists of the project with their four counts, oldest first; `where` narrows to one list. */
export async function selectListsWithCounts(db: DbOrTx, projectId: string, where?: SQL): Promise<TMailingList[]> {
  const countOf = (status?: string) =>
    status
      ? sql<number>`(count(${recipients.id}) filter (where ${recipients.status} = ${status}))::int`
      : sql<number>`count(${recipients.id})::int`;
  const rows = await db
    .select({
      id: mailingLists.id,
      name: mailingLists.name,
      recipient_count: countOf(),
      active_count: countOf('active'),
      removed_count: countOf('removed'),
      unsubscribed_count: countOf('unsubscribed'),
      createdAt: mailingLists.createdAt,
    })
    .from(mailingLists)
    .leftJoin(recipients, and(eq(recipients.listId, mailingLists.id), eq(recipients.projectId, mailingLists.projectId)))
    .where(and(eq(mailingLists.projectId, projectId), where))
    .groupBy(mailingLists.id)
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id));
  return rows.map(({ createdAt, ...counts }) => ({
    id: counts.id,
    name: counts.name,
    recipient_count: counts.recipient_count,
    active_count: counts.active_count,
    removed_count: counts.removed_count,
    unsubscribed_count: counts.unsubscribed_count,
    created_at: createdAt.toISOString(),
  }));
}
