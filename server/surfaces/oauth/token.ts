import { db } from '@/db/client';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { authenticateClient } from '../../oauth/clients';
import { exchangeCode, refreshTokens } from '../../oauth/grant-types';
import { noStoreJson, OAuthError, readForm, withCors } from './http';

/** `POST /oauth/token`: RFC 6749 section 5 answers, never cached; errors as `{error, error_description}`. */
export async function handleToken(req: Request): Promise<Response> {
  const resHeaders = new Headers();
  try {
    await enforceRateLimit({ clientIp: req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1', resHeaders }, 'general');
    const form = await readForm(req);
    const database = await db();
    const client = await authenticateClient(database, req, form);
    const grantType = form.get('grant_type');
    if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
    if (!client.grantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `This client did not register ${grantType}`);
    const tokens = grantType === 'authorization_code' ? await exchangeCode(database, client, form) : await refreshTokens(database, client, form);
    return noStoreJson(tokens, 200, Object.fromEntries(resHeaders));
  } catch (error) {
    return oauthFailure(error, resHeaders, 'token request failed');
  }
}

/** OAuth errors as RFC 6749 bodies, the rate limit as the API's 429, anything else as a bare 500. */
export function oauthFailure(error: unknown, resHeaders: Headers, what: string): Response {
  if (error instanceof OAuthError) return error.toResponse(Object.fromEntries(resHeaders));
  if (error instanceof AppError && error.code === 'RATE_LIMITED') {
    return withCors(Response.json({ detail: error.message }, { status: 429, headers: resHeaders }));
  }
  logError(what, error);
  return noStoreJson({ error: 'server_error', error_description: 'Internal Server Error' }, 500);
}
