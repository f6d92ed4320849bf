import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { findUserByEmail, toUser } from './get-user';

/** The user for an email confirmed by an OAuth provider; created without a password when new. */
export async function findOrCreateOAuthUser(db: DbOrTx, email: string, name?: string) {
  const existing = await findUserByEmail(db, email);
  if (existing) return toUser(existing);
  await db.insert(users).values({ email: email.toLowerCase(), firstName: name ?? null }).onConflictDoNothing();
  return toUser((await findUserByEmail(db, email))!);
}
