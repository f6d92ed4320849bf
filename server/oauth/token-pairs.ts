import { forgetCredentials } from '../auth/credentials-cache';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { oauthGrants, oauthTokens } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_PREFIX, REFRESH_TOKEN_SECONDS, SCOPE } from './urls';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/** Issues the next access and refresh token pair of a grant; only their hashes are stored. */
export async function issueTokenPair(tx: DbOrTx, grantId: string, withRefresh: boolean): Promise<TokenResponse> {
  const access = generateSecret(ACCESS_TOKEN_PREFIX);
  const refresh = withRefresh ? generateSecret(REFRESH_TOKEN_PREFIX) : null;
  const now = Date.now();
  await tx.insert(oauthTokens).values({
    grantId,
    accessHash: hashSecret(access),
    refreshHash: refresh ? hashSecret(refresh) : null,
    accessExpiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000),
    refreshExpiresAt: refresh ? new Date(now + REFRESH_TOKEN_SECONDS * 1000) : null,
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    ...(refresh ? { refresh_token: refresh } : {}),
    scope: SCOPE,
  };
}

/**
 * Ends a grant: the app is disconnected and every token it holds stops working at once. The caches are
 * cleared after the commit: a token checked between a clear and the commit would read the grant as live
 * and be trusted for another second.
 */
export async function revokeGrant(db: Database, grantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(oauthGrants).set({ revokedAt: sql`now()` }).where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
    await tx.update(oauthTokens).set({ revokedAt: sql`now()` }).where(and(eq(oauthTokens.grantId, grantId), isNull(oauthTokens.revokedAt)));
  });
  forgetCredentials();
}
