import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
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

/** Lists of the project with their four counts (kept in the list row), oldest first; `where` narrows to one list. */
const listsOfProject = preparedStatement((db) =>
  db
    .select()
    .from(mailingLists)
    .where(eq(mailingLists.projectId, sql.placeholder('projectId')))
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id))
    .prepare('lists_of_project'),
);

export async function selectListsWithCounts(db: DbOrTx, projectId: string, where?: SQL): Promise<TMailingList[]> {
  const rows = where
    ? await db
        .select()
        .from(mailingLists)
        .where(and(eq(mailingLists.projectId, projectId), where))
        .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id))
    : await listsOfProject(db).execute({ projectId });
  return rows.map((list) => ({
    id: list.id,
    name: list.name,
    recipient_count: list.activeCount + list.removedCount + list.unsubscribedCount,
    active_count: list.activeCount,
    removed_count: list.removedCount,
    unsubscribed_count: list.unsubscribedCount,
    created_at: list.createdAt.toISOString(),
  }));
}
