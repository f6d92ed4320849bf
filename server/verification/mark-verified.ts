import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';

/** The user followed the link sent to `email`: `is_verified` becomes true while that is still their address. */
export async function markUserVerified(db: DbOrTx, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length > 0;
}
