import { authenticateClient } from '../../oauth/clients';
import { OAuthError } from '../../oauth/errors';
import { revokeClientToken } from '../../oauth/revoke';
import { oauthEndpoint, parseForm } from './entry';
import { withCors } from './http';

/**
 * `POST /oauth/revoke` (RFC 7009): the client authenticates as at the token endpoint (401 `invalid_client`
 * otherwise), then 200 whatever the token: unknown, already revoked, or another client's.
 */
export const handleRevoke = oauthEndpoint({ group: 'general', what: 'token revocation', badBody: 'invalid_request', parse: parseForm }, async ({ req, db, resHeaders }, form) => {
  const client = await authenticateClient(db, req, form);
  const token = form.get('token');
  if (!token) throw new OAuthError('invalid_request', 'token is required');
  await revokeClientToken(db, { token, clientId: client.id });
  return withCors(new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(resHeaders) } }));
});
