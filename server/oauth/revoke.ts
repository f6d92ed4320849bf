import { eq, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { oauthGrants, oauthTokens } from '@/db/schema';
import { hashSecret } from '../auth/tokens';
import { revokeGrant } from './token-pairs';

/**
 * RFC 7009 for one client: either token of a pair ends the whole grant, as the app is done with it.
 * Unknown tokens and other clients' tokens are left alone, silently.
 */
export async function revokeClientToken(db: Database, input: { token: string; clientId: string }): Promise<void> {
  const hash = hashSecret(input.token);
  const [row] = await db
    .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(or(eq(oauthTokens.accessHash, hash), eq(oauthTokens.refreshHash, hash)))
    .limit(1);
  if (row && row.clientId === input.clientId) await revokeGrant(db, row.grantId);
}
