import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { mailingLists, pendingSubscriptions, projects, subscribeForms } from '@/db/schema';
import { hashSecret } from '../auth/tokens';
import { config } from '../config';
import { AppError } from '../errors';

export const formUrls = (projectSlug: string) => ({
  action_url: `${config.appUrl}/pub/${projectSlug}/subscribe`,
  api_url: `${config.appUrl}/api/v1/subscribe`,
});

export const confirmationUrl = (token: string) => `${config.appUrl}/subscribe/confirm/${token}`;

/** The public form of a project (by slug) and the list it fills; null when the form is off or unknown. */
export async function findPublicForm(db: DbOrTx, projectSlug: string) {
  const [form] = await db
    .select({ projectId: projects.id, projectName: projects.name, listId: subscribeForms.listId, listName: mailingLists.name })
    .from(subscribeForms)
    .innerJoin(projects, eq(projects.id, subscribeForms.projectId))
    .innerJoin(mailingLists, and(eq(mailingLists.id, subscribeForms.listId), eq(mailingLists.projectId, subscribeForms.projectId)))
    .where(eq(projects.slug, projectSlug));
  return form ?? null;
}

export const linkGone = () =>
  new AppError('NOT_FOUND', 'This confirmation link is not valid any more. Subscribe again on the project\'s page to get a new one.');

/** The subscription a link names (pending, or used when `confirmedAt` is set) until it expires; locked until commit when `lock`. */
export async function findPending(db: DbOrTx, token: string, lock: boolean) {
  const query = db
    .select({
      id: pendingSubscriptions.id,
      projectId: pendingSubscriptions.projectId,
      listId: pendingSubscriptions.listId,
      email: pendingSubscriptions.email,
      confirmedAt: pendingSubscriptions.confirmedAt,
      listName: mailingLists.name,
      projectName: projects.name,
      projectSlug: projects.slug,
    })
    .from(pendingSubscriptions)
    .innerJoin(mailingLists, and(eq(mailingLists.id, pendingSubscriptions.listId), eq(mailingLists.projectId, pendingSubscriptions.projectId)))
    .innerJoin(projects, eq(projects.id, pendingSubscriptions.projectId))
    .where(and(eq(pendingSubscriptions.tokenHash, hashSecret(token)), gt(pendingSubscriptions.expiresAt, sql`now()`)));
  const [row] = await (lock ? query.for('update', { of: pendingSubscriptions }) : query);
  if (!row) throw linkGone();
  return row;
}
