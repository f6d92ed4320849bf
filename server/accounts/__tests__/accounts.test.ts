import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createCaller } from '@/server/root';
import { createContext } from '@/server/context';
import { createTestUser, uniqueEmail } from '@/tests/factories';
import { authenticateUser } from '../get-user';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function callerAs(sessionUserId: string | null, project?: string) {
  return createCaller(await createContext({ headers: new Headers(), sessionUserId , project }));
}

describe('accounts', () => {
  it('signs up with a lowercased email, a bcrypt hash and is_verified false', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const user = await (await callerAs(null)).accounts.signUp({ email: ` ${email} `, password: 'long enough secret' });
    // the embedded outbox (no SMTP_URL): the account exists at once; sign-up.test.ts covers SMTP
    if (!('id' in user)) throw new Error('expected the new user');
    expect(user).toMatchObject({ email: email.toLowerCase(), is_active: true, is_verified: false });
    expect(await authenticateUser(database.db, email.toUpperCase(), 'long enough secret')).toMatchObject({ id: user.id });
    expect(await authenticateUser(database.db, email, 'wrong password')).toBeNull();
  });

  it('on the outbox, refuses a second account for the same address in any case, and weak input', async () => {
    const existing = await createTestUser(database.db);
    const anonymous = await callerAs(null);
    await expect(anonymous.accounts.signUp({ email: existing.email.toUpperCase(), password: 'long enough secret' })).rejects.toThrow(
      'An account with this email already exists',
    );
    await expect(anonymous.accounts.signUp({ email: 'not-an-email', password: 'long enough secret' })).rejects.toThrow(/valid email/);
    await expect(anonymous.accounts.signUp({ email: uniqueEmail(), password: 'short' })).rejects.toThrow(/at least 8/);
  });

  it('scopes projects to their members', async () => {
    const ada = await createTestUser(database.db);
    const bob = await createTestUser(database.db);
    const asAda = await callerAs(ada.id);
    const project = await asAda.projects.create({ name: 'Ada’s Ünïcode Project!' });
    expect(project.slug).toBe('ada-s-unicode-project');
    const again = await asAda.projects.create({ name: 'Ada’s Ünïcode Project!' });
    expect(again.slug).toMatch(/^ada-s-unicode-project-[0-9a-f]{6}$/);
    expect((await asAda.projects.list()).map((p) => p.id)).toEqual([project.id, again.id]);

    const asBob = await callerAs(bob.id);
    expect(await asBob.projects.list()).toEqual([]);
    await expect(asBob.projects.get({ idOrSlug: project.slug })).rejects.toThrow('Project not found');
    await expect((await callerAs(bob.id, project.id)).apiTokens.create({ name: 'steal' })).rejects.toThrow('Project not found');
    await expect((await callerAs(null)).projects.list()).rejects.toThrow('Sign in required');
  });

  it('refuses a project name nobody could see', async () => {
    const asAda = await callerAs((await createTestUser(database.db)).id);
    for (const name of ['  ', '\u200b', '\ufeff\u200d']) {
      await expect(asAda.projects.create({ name })).rejects.toThrow('Name is required');
    }
    expect((await asAda.projects.create({ name: ' \u200bAcme ' })).name).toBe('\u200bAcme');
  });
});
