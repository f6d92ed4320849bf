import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { findUserByEmail, isPendingSignUp, toUser } from './get-user';

export interface ProviderIdentity {
  email: string;
  /** the provider confirmed the person owns the address (GitHub: a verified address of the account) */
  emailVerified: boolean;
  name?: string;
}

/**
 * The user an OAuth sign-in maps to, or null when linking would be unsafe. Only a verified provider
 * address links, and only to an account whose own address is verified (or that has no password): an
 * unverified sign-up with someone else's address must never capture their GitHub sign-in, nor the
 * reverse. A new address becomes a verified, password-less account; so does an unconfirmed sign-up,
 * whose password may be anybody's. Password-less accounts are only ever made by a provider sign-in.
 */
export async function findOrCreateOAuthUser(db: DbOrTx, identity: ProviderIdentity) {
  if (!identity.emailVerified) return null;
  const existing = await findUserByEmail(db, identity.email);
  if (existing && isPendingSignUp(existing)) return toUser(await takeOver(db, existing));
  if (existing) return existing.isVerified || !existing.passwordHash ? toUser(await markVerified(db, existing)) : null;
  await db.insert(users).values({ email: identity.email.toLowerCase(), firstName: identity.name ?? null, isVerified: true }).onConflictDoNothing();
  return toUser((await findUserByEmail(db, identity.email))!);
}

/** The provider just proved the address: a password-less account's address counts as verified too. */
async function markVerified(db: DbOrTx, user: typeof users.$inferSelect) {
  if (user.isVerified) return user;
  const [row] = await db.update(users).set({ isVerified: true }).where(eq(users.id, user.id)).returning();
  return row!;
}

/** The provider proved the address of a sign-up nobody confirmed: it becomes theirs, without that password. */
async function takeOver(db: DbOrTx, user: typeof users.$inferSelect) {
  const [row] = await db.update(users).set({ isActive: true, isVerified: true, passwordHash: null }).where(eq(users.id, user.id)).returning();
  return row!;
}
