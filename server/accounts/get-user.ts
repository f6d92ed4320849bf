import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { users } from '@/db/schema';
import { verifyPassword } from '../auth/passwords';
import { AppError } from '../errors';
import type { TUser } from './schemas';

const userById = preparedStatement((db) =>
  db.select().from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('user_by_id'),
);

export async function getUser(db: DbOrTx, userId: string): Promise<TUser> {
  const [row] = await userById(db).execute({ userId });
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toUser(row);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

/** The user for a correct email and password, or null: the caller cannot tell which one was wrong. */
export async function authenticateUser(db: DbOrTx, email: string, password: string): Promise<TUser | null> {
  const row = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, row?.passwordHash ?? null);
  return ok && row?.isActive ? toUser(row) : null;
}

/**
 * A sign-up not confirmed yet (only where email is delivered): it cannot sign in, a new sign-up for the
 * address replaces its password, and a verified GitHub sign-in for the address takes it over.
 */
export function isPendingSignUp(row: typeof users.$inferSelect): boolean {
  return !row.isActive;
}

export function toUser(row: typeof users.$inferSelect): TUser {
  return {
    id: row.id,
    email: row.email,
    ...(row.firstName ? { first_name: row.firstName } : {}),
    ...(row.lastName ? { last_name: row.lastName } : {}),
    is_active: row.isActive,
    is_verified: row.isVerified,
  };
}
