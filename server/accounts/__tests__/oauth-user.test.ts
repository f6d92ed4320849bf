import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { users } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { createTestUser, uniqueEmail } from '@/tests/factories';
import { markUserVerified } from '../../verification/mark-verified';
import { authenticateUser } from '../get-user';
import { findOrCreateOAuthUser } from '../oauth-user';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('GitHub sign-in links only verified addresses on both sides', () => {
  it("never attaches to an account whose own address is unverified (a sign-up with somebody else's address)", async () => {
    const squatter = await createTestUser(handle.db, { email: uniqueEmail('victim') });
    expect(await findOrCreateOAuthUser(handle.db, { email: squatter.email, emailVerified: true })).toBeNull();
  });

  it('never links or creates from an address the provider did not verify', async () => {
    const owner = await createTestUser(handle.db);
    await markUserVerified(handle.db, owner.id, owner.email);
    expect(await findOrCreateOAuthUser(handle.db, { email: owner.email, emailVerified: false })).toBeNull();
    expect(await findOrCreateOAuthUser(handle.db, { email: uniqueEmail('new'), emailVerified: false })).toBeNull();
  });

  it('links to a verified account, and creates a verified password-less one for a new address', async () => {
    const owner = await createTestUser(handle.db);
    await markUserVerified(handle.db, owner.id, owner.email);
    expect((await findOrCreateOAuthUser(handle.db, { email: owner.email.toUpperCase(), emailVerified: true }))?.id).toBe(owner.id);
    const created = await findOrCreateOAuthUser(handle.db, { email: uniqueEmail('gh'), emailVerified: true, name: 'Grace' });
    expect(created).toMatchObject({ is_verified: true, first_name: 'Grace' });
  });

  it('takes over a sign-up nobody confirmed, without the password it was given, only for a verified address', async () => {
    const email = uniqueEmail('pending');
    const squatter = await createTestUser(handle.db, { email, password: "the squatter's password" });
    await handle.db.update(users).set({ isActive: false }).where(eq(users.id, squatter.id));
    expect(await findOrCreateOAuthUser(handle.db, { email, emailVerified: false })).toBeNull();
    expect(await findOrCreateOAuthUser(handle.db, { email, emailVerified: true })).toMatchObject({ id: squatter.id, is_active: true, is_verified: true });
    expect(await authenticateUser(handle.db, email, "the squatter's password")).toBeNull();
  });
});
