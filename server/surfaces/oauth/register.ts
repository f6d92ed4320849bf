import { db } from '@/db/client';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { noStoreJson, OAuthError, withCors } from './http';
import { registerClient } from '../../oauth/register';

const MAX_BODY_BYTES = 64 * 1024;

/** `POST /oauth/register`: 201 with the registered metadata, rate limited per client IP. */
export async function handleRegister(req: Request): Promise<Response> {
  const resHeaders = new Headers();
  try {
    await enforceRateLimit({ clientIp: req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1', resHeaders }, 'register');
    const text = await req.text();
    if (text.length > MAX_BODY_BYTES) throw new OAuthError('invalid_client_metadata', 'The body is too large');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
    }
    return noStoreJson(await registerClient(await db(), body), 201, Object.fromEntries(resHeaders));
  } catch (error) {
    if (error instanceof OAuthError) return error.toResponse(Object.fromEntries(resHeaders));
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      return withCors(Response.json({ detail: error.message }, { status: 429, headers: resHeaders }));
    }
    logError('client registration failed', error);
    return noStoreJson({ error: 'server_error', error_description: 'Internal Server Error' }, 500);
  }
}
