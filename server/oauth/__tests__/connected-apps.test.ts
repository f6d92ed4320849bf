import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { oauthGrants } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { lookupBearer } from '@/server/auth/bearer';
import { onInvalidation } from '@/server/cache-bus';
import { createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { consent, form, oauthHttp, pkcePair, REDIRECT_URI, registerPublicClient, startOAuthServer } from './helpers';

let database: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** The dashboard's caller for a signed-in user. */
async function dashboard(userId: string, project?: string) {
  return createCaller(await createContext({ headers: new Headers(), sessionUserId: userId , project }));
}

async function connect(owner: Awaited<ReturnType<typeof createTestProject>>, name: string) {
  const http = oauthHttp(server.url);
  const client = await registerPublicClient(http, { client_name: name });
  const pkce = pkcePair();
  const back = await consent(server.url, http, { clientId: client.client_id, userId: owner.user.id, projectId: owner.project.id, challenge: pkce.challenge });
  const res = await http.postForm('/oauth/token', form({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT_URI, client_id: client.client_id, code_verifier: pkce.verifier }));
  return (await res.json()) as { access_token: string };
}

it('lists the apps connected to a project, newest first, and revokes one', async () => {
  const owner = await createTestProject(database.db);
  await connect(owner, 'Claude');
  const cursor = await connect(owner, 'Cursor');
  const apps = await (await dashboard(owner.user.id, owner.project.id)).oauth.connectedApps();
  expect(apps).toEqual([
    { id: expect.any(String), client_name: 'Cursor', granted_by: owner.user.email, granted_at: expect.any(String), last_used_at: null },
    { id: expect.any(String), client_name: 'Claude', granted_by: owner.user.email, granted_at: expect.any(String), last_used_at: null },
  ]);

  // a call through /mcp shows up as the app's last use
  await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cursor.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await expect.poll(async () => (await (await dashboard(owner.user.id, owner.project.id)).oauth.connectedApps())[0]!.last_used_at).not.toBeNull();

  expect(await (await dashboard(owner.user.id, owner.project.id)).oauth.revokeApp({ grantId: apps[0]!.id })).toEqual({ id: apps[0]!.id, revoked: true });
  expect((await (await dashboard(owner.user.id, owner.project.id)).oauth.connectedApps()).map((a) => a.client_name)).toEqual(['Claude']);
  await expect((await dashboard(owner.user.id, owner.project.id)).oauth.revokeApp({ grantId: apps[0]!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

it("keeps each project's apps to its members", async () => {
  const owner = await createTestProject(database.db);
  const stranger = await createTestProject(database.db);
  await connect(owner, 'Claude');
  const [app] = await (await dashboard(owner.user.id, owner.project.id)).oauth.connectedApps();
  await expect((await dashboard(stranger.user.id, owner.project.id)).oauth.connectedApps()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  // revoking through their own project does not reach another project's grant
  await expect((await dashboard(stranger.user.id, stranger.project.id)).oauth.revokeApp({ grantId: app!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  expect(await (await dashboard(owner.user.id, owner.project.id)).oauth.connectedApps()).toHaveLength(1);
  await expect((await dashboard(owner.user.id, 'not-a-uuid')).oauth.connectedApps()).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

// PGlite runs one statement at a time, so a check cannot read past an open transaction there: the
// PostgreSQL server's project is the one that can see the order go wrong
it.skipIf(!process.env.DATABASE_URL)('clears the token caches only once the revocation is committed: a token checked at that moment is refused', async () => {
  const owner = await createTestProject(database.db);
  const { access_token } = await connect(owner, 'Claude');
  const [app] = await (await dashboard(owner.user.id, owner.project.id)).oauth.connectedApps();
  const [grant] = await database.db.select({ resource: oauthGrants.resource }).from(oauthGrants).where(eq(oauthGrants.id, app!.id));
  expect(await lookupBearer(database.db, access_token, grant!.resource)).toMatchObject({ projectId: owner.project.id });

  // what any instance does when told to forget: check the token again, from the database
  const checksAtClear: Promise<unknown>[] = [];
  const stopListening = onInvalidation('credentials', () => void checksAtClear.push(lookupBearer(database.db, access_token, grant!.resource)));
  try {
    await (await dashboard(owner.user.id, owner.project.id)).oauth.revokeApp({ grantId: app!.id });
  } finally {
    stopListening();
  }
  expect(checksAtClear).toHaveLength(1);
  expect(await checksAtClear[0]).toBeNull();
});
