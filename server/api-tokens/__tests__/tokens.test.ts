import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { apiTokens, memberships } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { AppError } from '@/server/errors';
import { createTestProject } from '@/tests/factories';
import { lookupBearer } from '@/server/auth/bearer';

/** The token's caller as REST resolves it (API tokens only). */
async function authenticateBearer(db: Parameters<typeof lookupBearer>[0], authorization: string) {
  const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
  const caller = token ? await lookupBearer(db, token, null) : null;
  return caller && { projectId: caller.projectId, userId: caller.userId };
}
import { createApiToken } from '../create';
import { listApiTokens } from '../list';
import { revokeApiToken } from '../revoke';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('API tokens', () => {
  it('stores only a hash and lists name, prefix, created and last used', async () => {
    const { project, user, token } = await createTestProject(database.db);
    const rows = await database.db.select().from(apiTokens).where(eq(apiTokens.projectId, project.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await authenticateBearer(database.db, `Bearer ${token}`)).toEqual({ projectId: project.id, userId: user.id });
    const [listed] = await listApiTokens(database.db, project.id);
    expect(listed).toMatchObject({ name: 'test', prefix: token.slice(0, 18) });
    expect(Object.keys(listed!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'prefix']);
  });

  it('refuses tokens of another format, revoked tokens and tokens whose owner left the project', async () => {
    const { project, user, token } = await createTestProject(database.db);
    expect(await authenticateBearer(database.db, `Bearer ${token}x`)).toBeNull();
    expect(await authenticateBearer(database.db, token)).toBeNull();

    const second = await createApiToken(database.db, { projectId: project.id, userId: user.id, name: 'second' });
    await revokeApiToken(database.db, { projectId: project.id, tokenId: second.id });
    expect(await authenticateBearer(database.db, `Bearer ${second.token}`)).toBeNull();
    expect((await listApiTokens(database.db, project.id)).map((t) => t.name)).toEqual(['test']);

    await database.db.delete(memberships).where(eq(memberships.userId, user.id));
    expect(await authenticateBearer(database.db, `Bearer ${token}`)).toBeNull();
  });

  it('cannot revoke a token of another project', async () => {
    const a = await createTestProject(database.db);
    const b = await createTestProject(database.db);
    const [tokenOfA] = await listApiTokens(database.db, a.project.id);
    await expect(revokeApiToken(database.db, { projectId: b.project.id, tokenId: tokenOfA!.id })).rejects.toMatchObject(
      new AppError('NOT_FOUND', 'API key not found'),
    );
    expect(await authenticateBearer(database.db, `Bearer ${a.token}`)).not.toBeNull();
  });
});
