import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { emailVerificationTokens, memberships, oauthClients, oauthConsentTickets, oauthGrants, oauthTokens, users } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
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
      .values([pair({ revokedAt: old }), pair({ accessExpiresAt: old, refreshExpiresAt: old }), pair({ revokedAt: recent }), pair({ accessExpiresAt: old }), pair({})])
      .returning({ id: oauthTokens.id });
    const link = (expiresAt: Date) => ({ userId: owner.user.id, tokenHash: randomUUID(), email: owner.user.email, expiresAt });
    const links = await db.insert(emailVerificationTokens).values([link(old), link(future)]).returning({ id: emailVerificationTokens.id });

    const purged = await purgeExpired(db, now);
    expect(purged.consentTickets).toBeGreaterThanOrEqual(1);
    const left = async <T extends { id: string }>(rows: T[], table: typeof oauthConsentTickets | typeof oauthTokens | typeof emailVerificationTokens) =>
      (await db.select({ id: table.id }).from(table).where(inArray(table.id, rows.map((r) => r.id)))).map((r) => rows.findIndex((x) => x.id === r.id)).sort();
    expect(await left(tickets, oauthConsentTickets)).toEqual([1, 2]);
    // revoked long ago and fully expired go; recently revoked, a live refresh and a live pair stay
    expect(await left(tokens, oauthTokens)).toEqual([2, 3, 4]);
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
});
