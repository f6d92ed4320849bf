import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailVerificationTokens, users } from '@/db/schema';
import { verifyPassword } from '../auth/passwords';
import { hashSecret } from '../auth/tokens';
import { AppError } from '../errors';
import type { TConfirmSignUpInput } from './schemas';

/**
 * The link of a sign-up email, followed with the password chosen at sign-up: the account becomes
 * active and verified. The password is what makes a link useless to a mailbox owner who did not sign
 * up (someone else's pending sign-up), and the link what makes the password useless to anyone else.
 */
export async function confirmSignUp({ ctx, input }: { ctx: { db: Database }; input: TConfirmSignUpInput }): Promise<{ email: string }> {
  const gone = new AppError('NOT_FOUND', 'This link is not valid any more. Sign up again, or sign in if you already finished.');
  const [row] = await ctx.db
    .select({ tokenId: emailVerificationTokens.id, userId: users.id, email: users.email, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, hashSecret(input.token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
        sql`lower(${emailVerificationTokens.email}) = lower(${users.email})`,
      ),
    );
  if (!row || row.isActive || !row.passwordHash) throw gone;
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    throw new AppError('UNAUTHORIZED', 'This is not the password chosen when signing up. If you signed up twice, use the latest password.');
  }
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationTokens.id, row.tokenId), isNull(emailVerificationTokens.usedAt)))
      .returning({ id: emailVerificationTokens.id });
    // the password must still be the one just checked: a sign-up in between replaced it
    const [activated] = await tx
      .update(users)
      .set({ isActive: true, isVerified: true })
      .where(and(eq(users.id, row.userId), eq(users.isActive, false), eq(users.passwordHash, row.passwordHash!)))
      .returning({ id: users.id });
    if (!used || !activated) throw gone;
    return { email: row.email };
  });
}
