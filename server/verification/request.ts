import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailVerificationTokens, users } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { config } from '../config';
import { messageIdFor } from '../email/message';
import { getTransport } from '../email/transport';
import { AppError } from '../errors';
import { LINK_LIFETIME_HOURS, verificationEmail } from './render';

const RESEND_AFTER_SECONDS = 60;

/**
 * Sends the account's address a link that confirms it, through the same transport as release
 * emails. Only the link's hash is stored. At most one link a minute per account.
 */
export async function sendVerificationEmail(db: DbOrTx, userId: string): Promise<{ sent: boolean }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (user.isVerified) return { sent: false };
  const [recent] = await db
    .select({ id: emailVerificationTokens.id })
    .from(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, sql`now() - make_interval(secs => ${RESEND_AFTER_SECONDS})`)))
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  if (recent) throw new AppError('RATE_LIMITED', 'A link was sent less than a minute ago; check your inbox or try again shortly');
  const token = generateSecret('');
  const [row] = await db
    .insert(emailVerificationTokens)
    .values({ userId, tokenHash: hashSecret(token), email: user.email, expiresAt: sql`now() + make_interval(hours => ${LINK_LIFETIME_HOURS})` })
    .returning({ id: emailVerificationTokens.id });
  const link = `${config.appUrl}/verify-email/${token}`;
  const { subject, html, text } = verificationEmail(link, user.firstName);
  await getTransport().deliver({
    messageId: messageIdFor(row!.id, config.appUrl),
    from: { name: 'Shipnote', address: config.emailFrom },
    to: { address: user.email },
    subject,
    html,
    text,
    headers: {},
    owner: { userId },
  });
  return { sent: true };
}
