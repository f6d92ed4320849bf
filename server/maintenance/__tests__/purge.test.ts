import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { emailVerificationTokens, memberships, oauthClients, oauthCodes, oauthConsentTickets, oauthGrants, oauthTokens, users } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { hashSecret } from '@/server/auth/tokens';
import { refreshTokens } from '@/server/oauth/grant-types';
import { issueTokenPair } from '@/server/oauth/token-pairs';
import { createTestProject, createTestUser } from '@/tests/factories';
import { PURGE_GRACE_DAYS, purgeExpired } from '../purge';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const DAY = 24 * 60 * 60 * 1000;

describe('purgeExpired', () => {
  it('deletes tickets, tokens and links past expiry and grace, and nothing still usable or recent', async () => {
    const db = handle.db;
    const owner = await createTestProject(db);
    const now = new Date();
    const old = new Date(now.getTime() - (PURGE_GRACE_DAYS + 1) * DAY);
    const recent = new Date(now.getTime() - DAY);
    const future = new Date(now.getTime() + DAY);
    const [client] = await db
      .insert(oauthClients)
      .values({ clientId: randomUUID(), authMethod: 'none', redirectUris: ['http://127.0.0.1/cb'], grantTypes: ['authorization_code'], metadata: {} })
      .returning();
    const ticket = (expiresAt: Date) => ({ ticketHash: randomUUID(), clientId: client!.id, redirectUri: 'http://127.0.0.1/cb', codeChallenge: 'x', resource: 'r', scope: 'mcp', expiresAt });
    const tickets = await db.insert(oauthConsentTickets).values([ticket(old), ticket(recent), ticket(future)]).returning({ id: oauthConsentTickets.id });
    const [grant] = await db.insert(oauthGrants).values({ clientId: client!.id, projectId: owner.project.id, userId: owner.user.id, scope: 'mcp', resource: 'r' }).returning();
    const pair = (values: Partial<typeof oauthTokens.$inferInsert>) => ({ grantId: grant!.id, accessHash: randomUUID(), refreshHash: randomUUID(), accessExpiresAt: future, refreshExpiresAt: future, ...values });
    const tokens = await db
      .insert(oauthTokens)
      .values([
        pair({ revokedAt: old }),
        pair({ accessExpiresAt: old, refreshExpiresAt: old }),
        pair({ revokedAt: recent }),
        pair({ accessExpiresAt: old }),
        pair({}),
        pair({ revokedAt: old, refreshHash: null, refreshExpiresAt: null }),
        pair({ revokedAt: old, accessExpiresAt: old, refreshExpiresAt: old }),
      ])
      .returning({ id: oauthTokens.id });
    const link = (expiresAt: Date) => ({ userId: owner.user.id, tokenHash: randomUUID(), email: owner.user.email, expiresAt });
    const links = await db.insert(emailVerificationTokens).values([link(old), link(future)]).returning({ id: emailVerificationTokens.id });

    const purged = await purgeExpired(db, now);
    expect(purged.consentTickets).toBeGreaterThanOrEqual(1);
    const left = async <T extends { id: string }>(rows: T[], table: typeof oauthConsentTickets | typeof oauthTokens | typeof emailVerificationTokens) =>
      (await db.select({ id: table.id }).from(table).where(inArray(table.id, rows.map((r) => r.id)))).map((r) => rows.findIndex((x) => x.id === r.id)).sort();
    expect(await left(tickets, oauthConsentTickets)).toEqual([1, 2]);
    // fully expired, and revoked long ago without a refresh token, go; revoked with its refresh token still
    // live (a replay must be recognised), recently revoked, a live refresh and a live pair stay
    expect(await left(tokens, oauthTokens)).toEqual([0, 2, 3, 4]);
    expect(await left(links, emailVerificationTokens)).toEqual([1]);
    // a second run finds nothing more
    expect(Object.values(await purgeExpired(db, now)).every((n) => n === 0)).toBe(true);
  });

  it('deletes sign-ups nobody confirmed within the grace, never an active account or one with a project', async () => {
    const db = handle.db;
    const now = new Date();
    const old = new Date(now.getTime() - (PURGE_GRACE_DAYS + 1) * DAY);
    const make = async (values: Partial<typeof users.$inferInsert>) => {
      const user = await createTestUser(db);
      await db.update(users).set({ updatedAt: old, ...values }).where(eq(users.id, user.id));
      return user.id;
    };
    const unconfirmed = await make({ isActive: false });
    const recent = await make({ isActive: false, updatedAt: new Date(now.getTime() - DAY) });
    const active = await make({});
    const member = await make({ isActive: false });
    const { project } = await createTestProject(db);
    await db.insert(memberships).values({ projectId: project.id, userId: member, role: 'owner' });

    expect((await purgeExpired(db, now)).unconfirmedSignUps).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: users.id }).from(users).where(inArray(users.id, [unconfirmed, recent, active, member]))).map((r) => r.id);
    expect(left.sort()).toEqual([recent, active, member].sort());
  });

  it('keeps a rotated refresh token past the grace, so its replay still revokes the grant, until it would have expired', async () => {
    const db = handle.db;
    const owner = await createTestProject(db);
    const [client] = await db
      .insert(oauthClients)
      .values({ clientId: randomUUID(), authMethod: 'none', redirectUris: ['http://127.0.0.1/cb'], grantTypes: ['authorization_code', 'refresh_token'], metadata: {} })
      .returning();
    const [grant] = await db.insert(oauthGrants).values({ clientId: client!.id, projectId: owner.project.id, userId: owner.user.id, scope: 'mcp', resource: 'r' }).returning();
    const first = await issueTokenPair(db, grant!.id, true);
    const refresh = (token: string) => refreshTokens(db, client!, new Map([['refresh_token', token]]));
    const second = await refresh(first.refresh_token!);
    // time moves by rewriting the rows, not the purge's clock: a later "now" would purge other files'
    // rows on the shared PostgreSQL database. Eight days ago the first token was rotated.
    const rotatedAt = new Date(Date.now() - (PURGE_GRACE_DAYS + 1) * DAY);
    await db.update(oauthTokens).set({ revokedAt: rotatedAt, createdAt: rotatedAt }).where(eq(oauthTokens.refreshHash, hashSecret(first.refresh_token!)));

    await purgeExpired(db);
    await expect(refresh(first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant', description: expect.stringContaining('authorization is revoked') });
    const [revoked] = await db.select().from(oauthGrants).where(eq(oauthGrants.id, grant!.id));
    expect(revoked!.revokedAt).not.toBeNull();
    await expect(refresh(second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

    // a week after the refresh tokens would have expired, the pairs go
    const expired = new Date(Date.now() - (PURGE_GRACE_DAYS + 1) * DAY);
    await db.update(oauthTokens).set({ accessExpiresAt: expired, refreshExpiresAt: expired }).where(eq(oauthTokens.grantId, grant!.id));
    await purgeExpired(db);
    expect(await db.select().from(oauthTokens).where(eq(oauthTokens.grantId, grant!.id))).toEqual([]);
  });

  it('deletes clients registered over the grace ago that never started an authorization, and no other', async () => {
    const db = handle.db;
    const owner = await createTestProject(db);
    const now = new Date();
    const old = new Date(now.getTime() - (PURGE_GRACE_DAYS + 1) * DAY);
    const future = new Date(now.getTime() + DAY);
    const register = async (createdAt: Date) => {
      const [row] = await db
        .insert(oauthClients)
        .values({ clientId: randomUUID(), authMethod: 'none', redirectUris: ['http://127.0.0.1/cb'], grantTypes: ['authorization_code'], metadata: {}, createdAt })
        .returning();
      return row!.id;
    };
    const ticket = (clientId: string, expiresAt: Date) => ({ ticketHash: randomUUID(), clientId, redirectUri: 'http://127.0.0.1/cb', codeChallenge: 'x', resource: 'r', expiresAt });
    const unused = await register(old);
    const recent = await register(now);
    const abandoned = await register(old); // its only ticket expired long ago: purged in the same run
    await db.insert(oauthConsentTickets).values(ticket(abandoned, old));
    const midFlow = await register(old); // the user is on the consent page right now
    await db.insert(oauthConsentTickets).values(ticket(midFlow, future));
    const withCode = await register(old);
    await db.insert(oauthCodes).values({ codeHash: randomUUID(), clientId: withCode, projectId: owner.project.id, userId: owner.user.id, redirectUri: 'http://127.0.0.1/cb', codeChallenge: 'x', resource: 'r', scope: 'mcp', expiresAt: future });
    const connected = await register(old);
    await db.insert(oauthGrants).values({ clientId: connected, projectId: owner.project.id, userId: owner.user.id, scope: 'mcp', resource: 'r', revokedAt: old });

    expect((await purgeExpired(db, now)).unusedClients).toBeGreaterThanOrEqual(2);
    const left = (await db.select({ id: oauthClients.id }).from(oauthClients).where(inArray(oauthClients.id, [unused, recent, abandoned, midFlow, withCode, connected]))).map((r) => r.id);
    expect(left.sort()).toEqual([recent, midFlow, withCode, connected].sort());
  });
});
