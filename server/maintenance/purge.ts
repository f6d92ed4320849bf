import { and, eq, inArray, isNull, lt, notExists, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { emailVerificationTokens, memberships, oauthClients, oauthCodes, oauthConsentTickets, oauthGrants, oauthTokens, pendingSubscriptions, users } from '@/db/schema';
import { logError } from '../log';
import { purgeImportDetails } from '../recipient-imports/purge';

/** How long expired or used rows stay for the record (a replayed code is still recognised meanwhile). */
export const PURGE_GRACE_DAYS = 7;
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 5_000;

export interface PurgeResult {
  consentTickets: number;
  authorizationCodes: number;
  oauthTokens: number;
  /** registered clients nobody ever started an authorization with */
  unusedClients: number;
  verificationTokens: number;
  unconfirmedSignUps: number;
  pendingSubscriptions: number;
  /** rows of CSV imports past their undo window (the file, the per-recipient changes) */
  recipientImports: number;
}

/**
 * Deletes rows nobody can use any more: consent tickets (one per anonymous authorization request),
 * authorization codes and email-verification links past their expiry, OAuth token pairs whose refresh
 * token expired (or, without one, that were revoked or expired), clients never used, sign-ups nobody
 * confirmed (their links expired long before); each older than the grace. Subscription requests,
 * confirmed or not, go as soon as their link expires. Batched, and safe to run from several instances
 * at once (each DELETE takes what is there). Webhook delivery ids stay: they refuse replays.
 */
export async function purgeExpired(db: Database, now = new Date()): Promise<PurgeResult> {
  const before = new Date(now.getTime() - PURGE_GRACE_DAYS * 24 * 60 * 60 * 1000);
  // a revoked pair with a refresh token stays until that token would have expired: a replay of it must
  // still be recognised and revoke the grant (RFC 9700 section 4.14.2), not pass as merely unknown
  const staleTokens = or(
    lt(oauthTokens.refreshExpiresAt, before),
    and(isNull(oauthTokens.refreshExpiresAt), or(lt(oauthTokens.revokedAt, before), lt(oauthTokens.accessExpiresAt, before))),
  )!;
  // registration is open to anyone: a client with no consent ticket, code or grant a week after it was
  // registered (or its metadata document last fetched) is dropped; any flow in progress holds a ticket
  const unusedClient = and(
    lt(oauthClients.createdAt, before),
    notExists(db.select({ one: oauthConsentTickets.id }).from(oauthConsentTickets).where(eq(oauthConsentTickets.clientId, oauthClients.id))),
    notExists(db.select({ one: oauthCodes.id }).from(oauthCodes).where(eq(oauthCodes.clientId, oauthClients.id))),
    notExists(db.select({ one: oauthGrants.id }).from(oauthGrants).where(eq(oauthGrants.clientId, oauthClients.id))),
  )!;
  // an inactive account is a sign-up never confirmed (accounts/get-user.ts); never one with a project
  const unconfirmedSignUp = and(
    eq(users.isActive, false),
    lt(users.updatedAt, before),
    notExists(db.select({ one: memberships.userId }).from(memberships).where(eq(memberships.userId, users.id))),
  )!;
  return {
    consentTickets: await inBatches(db, oauthConsentTickets, oauthConsentTickets.id, lt(oauthConsentTickets.expiresAt, before)),
    authorizationCodes: await inBatches(db, oauthCodes, oauthCodes.id, lt(oauthCodes.expiresAt, before)),
    oauthTokens: await inBatches(db, oauthTokens, oauthTokens.id, staleTokens),
    // after the tickets: one purged above no longer keeps its client
    unusedClients: await inBatches(db, oauthClients, oauthClients.id, unusedClient),
    verificationTokens: await inBatches(db, emailVerificationTokens, emailVerificationTokens.id, lt(emailVerificationTokens.expiresAt, before)),
    unconfirmedSignUps: await inBatches(db, users, users.id, unconfirmedSignUp),
    // no grace: past its link's life the request, used or not, is personal data with no use left
    pendingSubscriptions: await inBatches(db, pendingSubscriptions, pendingSubscriptions.id, lt(pendingSubscriptions.expiresAt, now)),
    // no grace either: past the undo window the file and the before/after states have no use left
    recipientImports: await purgeImportDetails(db, now),
  };
}

/** `delete ... where id in (select id ... limit n)` until nothing is left: short transactions, no long locks. */
async function inBatches(db: Database, table: PgTable, id: PgColumn, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ id }).from(table).where(where).limit(BATCH);
    const deleted = await db.delete(table).where(inArray(id, batch)).returning({ id });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/** Purges now and then every PURGE_INTERVAL_MS, for as long as the process runs; `stop` ends it. */
export function startPurgeTimer(db: () => Promise<Database>): { stop(): void } {
  const run = () => void db().then(purgeExpired).catch((error) => logError('purge of expired rows failed', error));
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  run();
  return { stop: () => clearInterval(timer) };
}
