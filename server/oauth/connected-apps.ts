import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { oauthClients, oauthGrants, users } from '@/db/schema';
import { AppError } from '../errors';
import type { TConnectedApp } from './schemas';
import { revokeGrant } from './token-pairs';

/** The apps connected to a project: one row per live grant. */
export async function listConnectedApps(db: DbOrTx, projectId: string): Promise<TConnectedApp[]> {
  const rows = await db
    .select({ grant: oauthGrants, clientName: oauthClients.name, email: users.email })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthGrants.projectId, projectId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt));
  return rows.map(({ grant, clientName, email }) => ({
    id: grant.id,
    client_name: clientName?.trim() || 'Unnamed application',
    granted_by: email,
    granted_at: grant.createdAt.toISOString(),
    last_used_at: grant.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Disconnects an app from the project: its next call fails with 401. */
export async function revokeConnectedApp(db: Database, input: { projectId: string; grantId: string }) {
  const [grant] = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, input.grantId), eq(oauthGrants.projectId, input.projectId), isNull(oauthGrants.revokedAt)));
  if (!grant) throw new AppError('NOT_FOUND', 'Connected app not found');
  await revokeGrant(db, grant.id);
  return { id: grant.id, revoked: true };
}
