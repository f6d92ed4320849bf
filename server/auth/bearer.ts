import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { apiTokens, memberships, oauthGrants, oauthTokens, users } from '@/db/schema';
import { logError } from '../log';
import { hashSecret } from './tokens';

export const API_TOKEN_PREFIX = 'service_key_';
export const ACCESS_TOKEN_PREFIX = 'service_at_';

export interface BearerCaller {
  projectId: string;
  userId: string;
  via: 'api_token' | 'oauth';
  /** the API token (`api_token`) or the OAuth client (`oauth`) acted through: recorded as who published */
  credentialId?: string;
}

/** `Bearer <token>`, case-insensitive scheme; anything else is no token. */
export function parseBearer(authorization: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The project and owner of a bearer token. API tokens work while not revoked and their owner is an
 * active member; OAuth access tokens only when `mcpResource` (the resource this request arrived at) is
 * the one the grant is bound to, so REST never accepts them.
 */
export async function lookupBearer(db: Database, token: string, mcpResource: string | null): Promise<BearerCaller | null> {
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) return mcpResource ? lookupAccessToken(db, token, mcpResource) : null;
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({ id: apiTokens.id, projectId: apiTokens.projectId, userId: apiTokens.userId, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(memberships, and(eq(memberships.projectId, apiTokens.projectId), eq(memberships.userId, apiTokens.userId)))
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashSecret(token)), isNull(apiTokens.revokedAt), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    void touch(() => db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.id)));
  }
  return { projectId: row.projectId, userId: row.userId, via: 'api_token', credentialId: row.id };
}

async function lookupAccessToken(db: Database, token: string, resource: string): Promise<BearerCaller | null> {
  const [row] = await db
    .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId, projectId: oauthGrants.projectId, userId: oauthGrants.userId, lastUsedAt: oauthGrants.lastUsedAt })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(memberships, and(eq(memberships.projectId, oauthGrants.projectId), eq(memberships.userId, oauthGrants.userId)))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(
      and(
        eq(oauthTokens.accessHash, hashSecret(token)),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.accessExpiresAt, sql`now()`),
        isNull(oauthGrants.revokedAt),
        eq(oauthGrants.resource, resource),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    void touch(() => db.update(oauthGrants).set({ lastUsedAt: sql`now()` }).where(eq(oauthGrants.id, row.grantId)));
  }
  return { projectId: row.projectId, userId: row.userId, via: 'oauth', credentialId: row.clientId };
}

/** "Last used" is written at most once a minute per token, off the request's critical path. */
async function touch(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    logError('could not record token use', error);
  }
}
