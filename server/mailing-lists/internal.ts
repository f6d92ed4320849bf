import { and, asc, eq, sql } from 'drizzle-orm';
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

const listsOfProject = preparedStatement((db) =>
  db
    .select()
    .from(mailingLists)
    .where(eq(mailingLists.projectId, sql.placeholder('projectId')))
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id))
    .prepare('lists_of_project'),
);

const listOfProject = preparedStatement((db) =>
  db
    .select()
    .from(mailingLists)
    .where(and(eq(mailingLists.projectId, sql.placeholder('projectId')), eq(mailingLists.id, sql.placeholder('listId'))))
    .prepare('list_of_project'),
);

/** Lists of the project with their four counts (kept in the list row), oldest first. */
export async function selectListsWithCounts(db: DbOrTx, projectId: string): Promise<TMailingList[]> {
  return (await listsOfProject(db).execute({ projectId })).map(withCounts);
}

/** One list of the project with its counts; undefined when it is missing or in another project. */
export async function selectListWithCounts(db: DbOrTx, projectId: string, listId: string): Promise<TMailingList | undefined> {
  const [list] = await listOfProject(db).execute({ projectId, listId });
  return list && withCounts(list);
}

function withCounts(list: ListRow): TMailingList {
  return {
    id: list.id,
    name: list.name,
    recipient_count: list.activeCount + list.removedCount + list.unsubscribedCount,
    active_count: list.activeCount,
    removed_count: list.removedCount,
    unsubscribed_count: list.unsubscribedCount,
    created_at: list.createdAt.toISOString(),
  };
}
