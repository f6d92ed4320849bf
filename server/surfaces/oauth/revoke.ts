import { eq, or } from 'drizzle-orm';
import { db } from '@/db/client';
import { oauthGrants, oauthTokens } from '@/db/schema/index';
import { hashSecret } from '../../auth/tokens';
import { CLIENT_IP_HEADER } from '../../context';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { authenticateClient } from '../../oauth/clients';
import { readForm, withCors } from './http';
import { oauthFailure } from './token';
import { revokeGrant } from '../../oauth/token-pairs';

/**
 * `POST /oauth/revoke` (RFC 7009) answers 200 whatever the token: unknown, already revoked, or another
 * client's (left alone). Revoking either token of a pair ends the whole grant, as the app is done.
 */
export async function handleRevoke(req: Request): Promise<Response> {
  const resHeaders = new Headers();
  try {
    await enforceRateLimit({ clientIp: req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1', resHeaders }, 'general');
    const form = await readForm(req).catch(() => new Map<string, string>());
    const token = form.get('token');
    const database = await db();
    const client = await authenticateClient(database, req, form).catch(() => null);
    if (token && client) {
      const hash = hashSecret(token);
      const [row] = await database
        .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
        .from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
        .where(or(eq(oauthTokens.accessHash, hash), eq(oauthTokens.refreshHash, hash)))
        .limit(1);
      if (row && row.clientId === client.id) await database.transaction((tx) => revokeGrant(tx, row.grantId));
    }
    return withCors(new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(resHeaders) } }));
  } catch (error) {
    return oauthFailure(error, resHeaders, 'token revocation failed');
  }
}
