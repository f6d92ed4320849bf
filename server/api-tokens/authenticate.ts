import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { apiTokens, memberships, users } from '@/db/schema';
import { hashSecret } from '../auth/tokens';
import { authenticateAccessToken, isAccessToken, isMcpResourceRequest } from '../oauth/access-tokens';
import { logError } from '../log';

export const API_TOKEN_PREFIX = 'service_key_';

export interface BearerCaller {
  projectId: string;
  userId: string;
}

/**
 * Resolves `Authorization: Bearer <token>` to its project and owner. A token works while it is not
 * revoked, its owner is active and still a member of the project (a deleted project cascades).
 */
export async function authenticateBearer(db: Database, authorization: string | null): Promise<BearerCaller | null> {
  const token = parseBearer(authorization);
  // OAuth access tokens are bound to the MCP resource: accepted only on requests that arrived at /mcp
  if (token && isAccessToken(token)) return isMcpResourceRequest() ? authenticateAccessToken(db, token) : null;
  if (!token?.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({ id: apiTokens.id, projectId: apiTokens.projectId, userId: apiTokens.userId, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(memberships, and(eq(memberships.projectId, apiTokens.projectId), eq(memberships.userId, apiTokens.userId)))
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashSecret(token)), isNull(apiTokens.revokedAt), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) void touchToken(db, row.id);
  return { projectId: row.projectId, userId: row.userId };
}

export function parseBearer(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/** last_used_at is written at most once a minute per token, off the request's critical path. */
async function touchToken(db: Database, tokenId: string) {
  try {
    await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, tokenId));
  } catch (error) {
    logError('could not record token use', error);
  }
}
