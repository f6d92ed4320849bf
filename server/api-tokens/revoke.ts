import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { apiTokens } from '@/db/schema';
import { forgetCredentials } from '../auth/credentials-cache';
import { AppError } from '../errors';

/** Revokes a token of the project; the row stays so the revocation is on record. */
export async function revokeApiToken(db: DbOrTx, input: { projectId: string; tokenId: string }) {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, input.tokenId), eq(apiTokens.projectId, input.projectId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw new AppError('NOT_FOUND', 'API key not found');
  forgetCredentials();
  return { id: input.tokenId, revoked: true };
}
