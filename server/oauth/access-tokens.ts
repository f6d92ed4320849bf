import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, oauthGrants, oauthTokens, users } from '@/db/schema';
import { hashSecret } from '../auth/tokens';
import { logError } from '../log';
import { ACCESS_TOKEN_PREFIX, mcpResource } from './urls';

/**
 * Access tokens are bound to the MCP resource (RFC 8707), so only a request that arrived at `/mcp` may
 * spend one. The MCP route runs its work inside this scope; REST requests never do, and so never
 * accept an access token, whatever they send.
 */
const mcpScope = new AsyncLocalStorage<true>();

export function runAsMcpResource<T>(fn: () => T): T {
  return mcpScope.run(true, fn);
}

export function isMcpResourceRequest(): boolean {
  return mcpScope.getStore() === true;
}

export function isAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}

/**
 * The project and user behind an unexpired access token of a live grant bound to `{mcp_url}/mcp`,
 * whose user is still an active member of the project; null otherwise.
 */
export async function authenticateAccessToken(db: Database, token: string): Promise<{ projectId: string; userId: string } | null> {
  if (!isAccessToken(token)) return null;
  const [row] = await db
    .select({ grantId: oauthGrants.id, projectId: oauthGrants.projectId, userId: oauthGrants.userId, lastUsedAt: oauthGrants.lastUsedAt })
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
        eq(oauthGrants.resource, mcpResource()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) void touchGrant(db, row.grantId);
  return { projectId: row.projectId, userId: row.userId };
}

/** The dashboard's "last used", written at most once a minute per grant, off the request's path. */
async function touchGrant(db: Database, grantId: string) {
  try {
    await db.update(oauthGrants).set({ lastUsedAt: sql`now()` }).where(eq(oauthGrants.id, grantId));
  } catch (error) {
    logError('could not record grant use', error);
  }
}
