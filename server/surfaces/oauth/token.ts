import { OAuthError } from '../../oauth/errors';
import { authenticateClient } from '../../oauth/clients';
import { exchangeCode, refreshTokens } from '../../oauth/grant-types';
import { oauthEndpoint, parseForm } from './entry';
import { noStoreJson } from './http';

/** `POST /oauth/token`: RFC 6749 section 5 answers, never cached; errors as `{error, error_description}`. */
export const handleToken = oauthEndpoint({ group: 'general', what: 'token request', badBody: 'invalid_request', parse: parseForm }, async ({ req, db, resHeaders }, form) => {
  const client = await authenticateClient(db, req, form);
  const grantType = form.get('grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }
  if (!client.grantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `This client did not register ${grantType}`);
  const tokens = grantType === 'authorization_code' ? await exchangeCode(db, client, form) : await refreshTokens(db, client, form);
  return noStoreJson(tokens, 200, Object.fromEntries(resHeaders));
});
