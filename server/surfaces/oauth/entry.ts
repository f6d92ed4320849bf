import { db } from '@/db/client';
import type { Database } from '@/db/client';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit, type RateLimitGroup } from '../../rate-limit/enforce';
import { BodyTooLarge, findUnsafeText, readText } from '../body';
import { OAuthError, uniqueParams } from '../../oauth/errors';
import { noStoreJson, oauthErrorResponse, withCors } from './http';

/** OAuth requests are a handful of parameters; client metadata documents are small too. */
const MAX_BODY_BYTES = 64 * 1024;

export interface OAuthRequest {
  req: Request;
  db: Database;
  /** rate limit headers, added to every answer */
  resHeaders: Headers;
}

interface Options {
  /** the rate limit group, per client IP */
  group: RateLimitGroup;
  /** how errors are logged */
  what: string;
  /** the error code of a bad body: RFC 6749 `invalid_request`, RFC 7591 `invalid_client_metadata` */
  badBody: 'invalid_request' | 'invalid_client_metadata';
  /** a body past the cap is read as an empty one, not refused (revocation answers 200 whatever was sent) */
  oversizedAsEmpty?: boolean;
}

/**
 * The one entry of the OAuth JSON endpoints (token, register, revoke): the body read with a streaming
 * cap and parsed (form or JSON), hostile text refused, the rate limit, then the endpoint, and one mapper
 * from errors to RFC 6749 bodies (`invalid_client` 401), the API's 429, or a bare `server_error`.
 */
export function oauthEndpoint<B>(options: Options & { parse: (text: string, req: Request) => B }, handle: (request: OAuthRequest, body: B) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const resHeaders = new Headers();
    try {
      const body = await readOAuthBody(req, options);
      await enforceRateLimit({ clientIp: req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1', resHeaders }, options.group);
      return await handle({ req, db: await db(), resHeaders }, body);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(error, Object.fromEntries(resHeaders));
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        return withCors(Response.json({ detail: error.message }, { status: 429, headers: resHeaders }));
      }
      logError(`${options.what} failed`, error);
      return noStoreJson({ error: 'server_error', error_description: 'Internal Server Error' }, 500);
    }
  };
}

async function readOAuthBody<B>(req: Request, options: Options & { parse: (text: string, req: Request) => B }): Promise<B> {
  let text: string;
  try {
    text = await readText(req, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    if (!options.oversizedAsEmpty) throw new OAuthError(options.badBody, error.message, 413);
    text = '';
  }
  const body = options.parse(text, req);
  const unsafe = findUnsafeText(body instanceof Map ? Object.fromEntries(body) : body);
  if (unsafe) throw new OAuthError(options.badBody, `${unsafe.join('.') || 'The body'} contains a NUL character, a lone surrogate or a __proto__ key`);
  return body;
}

/** A form body read with the same cap, for the consent page's POST (its errors are HTML pages). */
export async function readCappedForm(req: Request): Promise<Map<string, string>> {
  return readOAuthBody(req, { group: 'general', what: 'consent', badBody: 'invalid_request', parse: parseForm });
}

/** An `application/x-www-form-urlencoded` body; repeated parameters are refused (RFC 6749 section 3.2). */
export function parseForm(text: string, req: Request): Map<string, string> {
  if (!req.headers.get('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  }
  return uniqueParams(new URLSearchParams(text));
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
  }
}
