import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { mailingLists, projects, recipients } from '@/db/schema';
import { signingKey } from '../email/signing-key';
import { AppError } from '../errors';
import { readUnsubscribeToken } from './token';

export interface UnsubscribeTarget {
  recipientId: string;
  listId: string;
  projectId: string;
  email: string;
  listName: string;
  projectName: string;
  status: 'active' | 'removed' | 'unsubscribed';
}

/** Who a signed unsubscribe link names; the token is the only credential, so anything off is 404. */
export async function findUnsubscribeTarget(db: Database, token: string): Promise<UnsubscribeTarget> {
  const recipientId = readUnsubscribeToken(await signingKey(db), token);
  if (!recipientId) throw notFound();
  const [row] = await db
    .select({
      recipientId: recipients.id,
      listId: recipients.listId,
      projectId: recipients.projectId,
      email: recipients.email,
      status: recipients.status,
      listName: mailingLists.name,
      projectName: projects.name,
    })
    .from(recipients)
    .innerJoin(mailingLists, and(eq(mailingLists.id, recipients.listId), eq(mailingLists.projectId, recipients.projectId)))
    .innerJoin(projects, eq(projects.id, recipients.projectId))
    .where(eq(recipients.id, recipientId));
  if (!row) throw notFound();
  return row;
}

function notFound() {
  return new AppError('NOT_FOUND', 'This unsubscribe link is not valid');
}
