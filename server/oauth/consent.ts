import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { oauthClients, oauthCodes, oauthConsentTickets } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { getProjectForUser } from '../projects/get';
import { authorizationResponse } from './authorize';
import { isClientMetadataUrl } from './client-metadata-document';
import { SCOPE, TICKET_SECONDS } from './urls';

export interface PendingConsent {
  ticketId: string;
  clientName: string;
  logoUri: string | null;
  redirectUri: string;
  /** for a client identified by its metadata document: the host that published it */
  documentHost: string | null;
}

/** The pending request behind a ticket, while it is unused and younger than 10 minutes. */
export async function findPendingConsent(db: Database, ticket: string): Promise<PendingConsent | null> {
  const [row] = await db
    .select({ ticket: oauthConsentTickets, client: oauthClients })
    .from(oauthConsentTickets)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConsentTickets.clientId))
    .where(and(eq(oauthConsentTickets.ticketHash, hashSecret(ticket)), isNull(oauthConsentTickets.usedAt), gt(oauthConsentTickets.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  return {
    ticketId: row.ticket.id,
    clientName: row.client.name?.trim() || 'An unnamed application',
    logoUri: row.client.logoUri,
    redirectUri: row.ticket.redirectUri,
    documentHost: isClientMetadataUrl(row.client.clientId) ? new URL(row.client.clientId).host : null,
  };
}

/**
 * Records the user's decision: the ticket is used once, then the user agent goes back to the client
 * with a code (approve) or `access_denied` (deny). Approval needs membership of the chosen project.
 * Returns null when the ticket is unknown, used or expired.
 */
export async function decideConsent(
  db: Database,
  input: { ticket: string; userId: string; approve: boolean; projectId?: string },
): Promise<string | null> {
  const project = input.approve ? await getProjectForUser(db, input.userId, input.projectId ?? '') : null;
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(oauthConsentTickets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oauthConsentTickets.ticketHash, hashSecret(input.ticket)), isNull(oauthConsentTickets.usedAt), gt(oauthConsentTickets.expiresAt, sql`now()`)))
      .returning();
    if (!ticket) return null;
    if (!project) return authorizationResponse(ticket.redirectUri, { error: 'access_denied', error_description: 'The user denied access', state: ticket.state });
    const code = generateSecret('');
    await tx.insert(oauthCodes).values({
      codeHash: hashSecret(code),
      clientId: ticket.clientId,
      projectId: project.id,
      userId: input.userId,
      redirectUri: ticket.redirectUri,
      redirectUriSent: ticket.redirectUriSent,
      codeChallenge: ticket.codeChallenge,
      resource: ticket.resource,
      scope: SCOPE,
      expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
    });
    return authorizationResponse(ticket.redirectUri, { code, state: ticket.state });
  });
}
