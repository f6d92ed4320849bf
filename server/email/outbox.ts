import type { Database } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { headerList, type OutgoingEmail, type Transport } from './message';

/**
 * The embedded default: every email is stored, not sent. Storing is idempotent by Message-ID, so a
 * delivery repeated after a crash never shows twice.
 */
export function createOutboxTransport(db: () => Promise<Database>): Transport {
  return {
    kind: 'outbox',
    async deliver(email: OutgoingEmail) {
      const owner = 'projectId' in email.owner ? { projectId: email.owner.projectId, sendId: email.owner.sendId ?? null } : { userId: email.owner.userId };
      await (await db())
        .insert(emailOutbox)
        .values({
          ...owner,
          messageId: email.messageId,
          fromAddress: email.from.address,
          toAddress: email.to.address,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: headerList(email, new Date()),
        })
        .onConflictDoNothing({ target: emailOutbox.messageId });
      return { response: 'stored in the outbox' };
    },
    close: async () => {},
  };
}
