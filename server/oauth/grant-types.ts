import { forgetCredentials } from '../auth/credentials-cache';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, oauthCodes, oauthGrants, oauthTokens, users } from '@/db/schema';
import { hashSecret } from '../auth/tokens';
import type { OAuthClient } from './clients';
import { OAuthError } from './errors';
import { verifierMatches } from './pkce';
import { issueTokenPair, revokeGrant, type TokenResponse } from './token-pairs';

const wantsRefresh = (client: OAuthClient) => client.grantTypes.includes('refresh_token');

/**
 * `grant_type=authorization_code`. The code is checked, then consumed atomically; a code presented
 * again (or by a second concurrent request) revokes the grant it produced (RFC 6749 section 4.1.2).
 */
export async function exchangeCode(db: Database, client: OAuthClient, form: Map<string, string>): Promise<TokenResponse> {
  const code = required(form, 'code');
  const verifier = required(form, 'code_verifier');
  const [row] = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, hashSecret(code))).limit(1);
  if (!row || row.clientId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is not valid');
  if (row.usedAt) {
    if (row.grantId) await revokeGrant(db, row.grantId);
    throw new OAuthError('invalid_grant', 'The authorization code was already used; the tokens issued from it are revoked');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired');
  // RFC 6749 section 4.1.3: required only when the authorization request carried it; compared whenever sent
  const redirectUri = form.get('redirect_uri') || undefined;
  if (redirectUri === undefined && row.redirectUriSent) throw new OAuthError('invalid_request', 'redirect_uri is required');
  if (redirectUri !== undefined && row.redirectUri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
  if (!verifierMatches(verifier, row.codeChallenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  checkResource(form, row.resource);

  const issued = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(oauthCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oauthCodes.id, row.id), isNull(oauthCodes.usedAt)))
      .returning({ id: oauthCodes.id });
    if (!consumed) return null;
    const [grant] = await tx
      .insert(oauthGrants)
      .values({ clientId: client.id, projectId: row.projectId, userId: row.userId, scope: row.scope, resource: row.resource })
      .returning({ id: oauthGrants.id });
    await tx.update(oauthCodes).set({ grantId: grant!.id }).where(eq(oauthCodes.id, row.id));
    return issueTokenPair(tx, grant!.id, wantsRefresh(client));
  });
  if (issued) return issued;
  // lost the race to a concurrent exchange of the same code: that is a replay too
  const [again] = await db.select({ grantId: oauthCodes.grantId }).from(oauthCodes).where(eq(oauthCodes.id, row.id));
  if (again?.grantId) await revokeGrant(db, again.grantId);
  throw new OAuthError('invalid_grant', 'The authorization code was already used; the tokens issued from it are revoked');
}

/**
 * `grant_type=refresh_token` with strict rotation: the presented pair is revoked and a new one issued.
 * A refresh token that was already revoked is a replay: the whole grant (its token chain) is revoked.
 */
export async function refreshTokens(db: Database, client: OAuthClient, form: Map<string, string>): Promise<TokenResponse> {
  const refresh = required(form, 'refresh_token');
  const [row] = await db
    .select({ pair: oauthTokens, grant: oauthGrants })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(eq(oauthTokens.refreshHash, hashSecret(refresh)))
    .limit(1);
  if (!row || row.grant.clientId !== client.id) throw new OAuthError('invalid_grant', 'The refresh token is not valid');
  // strict (api-v1.md section 5): a token already rotated when it was read is a replay, however soon after
  if (row.pair.revokedAt || row.grant.revokedAt) {
    await revokeGrant(db, row.grant.id);
    throw new OAuthError('invalid_grant', 'The refresh token was revoked; the authorization is revoked');
  }
  if (!row.pair.refreshExpiresAt || row.pair.refreshExpiresAt.getTime() <= Date.now()) {
    throw new OAuthError('invalid_grant', 'The refresh token has expired');
  }
  checkResource(form, row.grant.resource);
  if (!(await stillMember(db, row.grant.projectId, row.grant.userId))) {
    throw new OAuthError('invalid_grant', 'The user no longer has access to the project');
  }

  const issued = await db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(oauthTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(oauthTokens.id, row.pair.id), isNull(oauthTokens.revokedAt)))
      .returning({ id: oauthTokens.id });
    return rotated ? issueTokenPair(tx, row.grant.id, true) : null;
  });
  forgetCredentials(); // the rotated access token stops working here at once
  if (issued) return issued;
  // a refresh that read the same token at the same moment won: this one is only refused, as it presented
  // a token that was not yet revoked when it was read
  throw new OAuthError('invalid_grant', 'The refresh token was just rotated by a concurrent request; use the new one');
}

/** RFC 8707: a `resource` sent at the token endpoint must be the one the grant is bound to. */
function checkResource(form: Map<string, string>, bound: string) {
  const resource = form.get('resource');
  if (resource !== undefined && resource !== bound) throw new OAuthError('invalid_target', `resource must be ${bound}`);
}

function required(form: Map<string, string>, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

async function stillMember(db: Database, projectId: string, userId: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, userId), eq(users.isActive, true)))
    .limit(1);
  return Boolean(row);
}
