import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestUser, uniqueEmail } from '@/tests/factories';
import { markUserVerified } from '../mark-verified';
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
});
