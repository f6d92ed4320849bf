import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailSends, recipients, type SuppressionReason } from '@/db/schema';
import { config } from '../config';
import { messageIdFor, type OutgoingEmail } from '../email/message';
import { runWithRequestOrigin } from '../request-origin';
import { signingKey } from '../email/signing-key';
import { SKIP_REASON, suppressionOf } from '../suppressions/internal';
import { unsubscribeToken, unsubscribeUrl } from '../unsubscribe/token';
import type { Claimed } from './queue';
import { frameEmail } from './render';

export type Prepared = { email: OutgoingEmail } | { skip: string; suppressedFor?: SuppressionReason };

/**
 * The claimed delivery as an email, or why it must be skipped: a recipient unsubscribed or removed
 * after the send started never receives it, nor an address suppressed since (a complaint mid-send).
 */
export async function prepareDelivery(db: Database, delivery: Claimed): Promise<Prepared> {
  const [row] = await db
    .select({ send: emailSends, status: recipients.status, suppressedFor: sql<SuppressionReason | null>`${suppressionOf(delivery.projectId, sql`${delivery.email}`)}` })
    .from(emailSends)
    .leftJoin(recipients, and(eq(recipients.id, delivery.recipientId), eq(recipients.projectId, delivery.projectId)))
    .where(and(eq(emailSends.id, delivery.sendId), eq(emailSends.projectId, delivery.projectId)));
  if (!row) return { skip: 'The release email no longer exists' };
  if (row.status !== 'active') {
    return { skip: row.status === 'unsubscribed' ? 'Unsubscribed after the send started' : 'Removed from the list after the send started' };
  }
  if (row.suppressedFor) return { skip: SKIP_REASON[row.suppressedFor], suppressedFor: row.suppressedFor };
  const { send } = row;
  const key = await signingKey(db);
  // the links and the sender name the origin the send was started from, as its "Read it online" link does
  return { email: send.appUrl ? runWithRequestOrigin(send.appUrl, () => emailOf(send, delivery, key)) : emailOf(send, delivery, key) };
}

function emailOf(send: typeof emailSends.$inferSelect, delivery: Claimed, key: Awaited<ReturnType<typeof signingKey>>): OutgoingEmail {
  const link = unsubscribeUrl(unsubscribeToken(key, delivery.recipientId));
  const { html, text } = frameEmail(send, { email: delivery.email, unsubscribeUrl: link });
  return {
    messageId: messageIdFor(delivery.id, config.appUrl),
    from: { name: send.fromName, address: config.emailFrom },
    to: { address: delivery.email, ...(delivery.name ? { name: delivery.name } : {}) },
    subject: send.subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `<${send.listId}.${new URL(config.appUrl).hostname}>`,
    },
    owner: { projectId: delivery.projectId, sendId: delivery.sendId },
  };
}
