import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { recipients } from '@/db/schema';
import { lockList } from '../mailing-lists/internal';
import { writingLists } from '../mailing-lists/kept-lists';

/**
 * The recipient used the unsubscribe link of an email (api-v1.md section 3): status `unsubscribed`
 * and `status_changed_at`, once; nothing in this domain ever reactivates it. A removed recipient is
 * opted out too, so a later upsert cannot put them back. Idempotent; false when nothing changed.
 * The list row is locked first, as every recipient writer does: its counters change with the status.
 */
export async function unsubscribeRecipient(
  db: DbOrTx,
  target: { projectId: string; listId: string; recipientId: string },
): Promise<boolean> {
  return writingLists(db, async (tx) => {
    await lockList(tx, target.projectId, target.listId);
    const changed = await tx
      .update(recipients)
      .set({ status: 'unsubscribed', statusChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(recipients.id, target.recipientId),
          eq(recipients.listId, target.listId),
          eq(recipients.projectId, target.projectId),
          ne(recipients.status, 'unsubscribed'),
        ),
      )
      .returning({ id: recipients.id });
    return changed.length > 0;
  });
}
