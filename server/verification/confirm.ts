import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailVerificationTokens } from '@/db/schema';
import { markUserVerified } from './mark-verified';
import { hashSecret } from '../auth/tokens';
import { AppError } from '../errors';

/** The link was followed: the token is used up and the account's address is verified. */
export async function confirmEmail({ ctx, input }: { ctx: { db: Database }; input: { token: string } }): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const [token] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashSecret(input.token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!token) throw new AppError('NOT_FOUND', 'This link is not valid any more; sign in and ask for a new one');
    await markUserVerified(tx, token.userId, token.email);
    return { email: token.email };
  });
}
