import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { sharedSecrets } from '@/db/schema';

/**
 * A secret every instance on one database agrees on: the first to ask inserts its proposal (a random
 * one by default), the others (even at the same moment: the insert waits on the key, then does nothing)
 * read that one.
 */
export async function sharedSecret(db: DbOrTx, name: string, proposal = randomBytes(32).toString('base64url')): Promise<string> {
  await db.insert(sharedSecrets).values({ name, secret: proposal }).onConflictDoNothing();
  const [row] = await db.select({ secret: sharedSecrets.secret }).from(sharedSecrets).where(eq(sharedSecrets.name, name));
  return row!.secret;
}
