import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailSigningKeys } from '@/db/schema';

const cache = new Map<string, string>();

/**
 * The secret that signs email links: EMAIL_LINK_SECRET when set, otherwise a random one created in
 * the database on first use, so every instance on one database signs and checks alike.
 */
export async function signingKey(db: DbOrTx, name = 'links'): Promise<string> {
  if (process.env.EMAIL_LINK_SECRET) return process.env.EMAIL_LINK_SECRET;
  const cached = cache.get(name);
  if (cached) return cached;
  await db.insert(emailSigningKeys).values({ name, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ secret: emailSigningKeys.secret }).from(emailSigningKeys).where(eq(emailSigningKeys.name, name));
  cache.set(name, row!.secret);
  return row!.secret;
}
