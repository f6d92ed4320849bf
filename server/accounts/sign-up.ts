import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '../auth/passwords';
import { getTransport } from '../email/transport';
import { logError } from '../log';
import { createUser } from './create-user';
import { findUserByEmail, isPendingSignUp } from './get-user';
import type { TSignUpInput, TSignUpResult } from './schemas';
import { sendSignUpEmail, type SignUpRecipient } from './sign-up-emails';

/**
 * Sign-up. Where email reaches people (SMTP), the answer never tells whether the address is taken: a
 * new address becomes an account that cannot sign in until its link is followed with the password
 * chosen here, a taken one gets a notice and nothing changes. On the embedded outbox nothing can reach
 * a mailbox, so the account is usable at once (and a taken address is refused).
 */
export async function signUp({ ctx, input }: { ctx: { db: Database }; input: TSignUpInput }): Promise<TSignUpResult> {
  if (getTransport().kind === 'outbox') return createUser(ctx.db, input);
  // hashed in every case, so the time taken does not tell either
  const passwordHash = await hashPassword(input.password);
  const names = { firstName: input.first_name || null, lastName: input.last_name || null };
  const recipient = await ctx.db.transaction(async (tx): Promise<SignUpRecipient> => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, ...names, isActive: false })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) return { kind: 'new', userId: created.id, email: input.email };
    const existing = (await findUserByEmail(tx, input.email))!;
    if (!isPendingSignUp(existing)) return { kind: 'taken', userId: existing.id, email: existing.email };
    // not confirmed yet: the latest sign-up's password is the one its link asks for
    await tx.update(users).set({ passwordHash, ...names }).where(eq(users.id, existing.id));
    return { kind: 'new', userId: existing.id, email: existing.email };
  });
  // not awaited, in both cases: a slow SMTP server must not show in the answer or its timing
  void sendSignUpEmail(ctx.db, recipient).catch((error) => logError('sign-up email not sent', error));
  return { status: 'check_email' };
}
