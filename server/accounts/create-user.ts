import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../errors';
import type { TSignUpInput } from './schemas';
import { toUser } from './get-user';

/** Signs up a user with email and password; `is_verified` stays false until email verification. */
export async function createUser(db: DbOrTx, input: TSignUpInput) {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.first_name || null,
      lastName: input.last_name || null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'An account with this email already exists');
  return toUser(row);
}
