/** OAuth endpoints answer browser-based clients too (decisions.md "CORS"); no cookies are involved. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Mcp-Session-Id',
  'Access-Control-Max-Age': '86400',
};

export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/** A JSON answer that no cache keeps (tokens, registrations, errors). */
export function noStoreJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return withCors(
    Response.json(body, { status, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers } }),
  );
}

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/** An RFC 6749 section 5.2 (or RFC 7591 section 3.2.2) error; `invalid_client` is a 401. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }

  toResponse(headers: Record<string, string> = {}): Response {
    return noStoreJson({ error: this.error, error_description: this.description }, this.status, headers);
  }
}

const MAX_FORM_BYTES = 64 * 1024;

/**
 * Reads an `application/x-www-form-urlencoded` body. Repeated parameters are refused, as RFC 6749
 * section 3.2 requires, so a value is never picked arbitrarily from two.
 */
export async function readForm(req: Request): Promise<Map<string, string>> {
  if (!req.headers.get('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  }
  const text = await req.text();
  if (text.length > MAX_FORM_BYTES) throw new OAuthError('invalid_request', 'The body is too large');
  return uniqueParams(new URLSearchParams(text));
}

export function uniqueParams(params: URLSearchParams): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of params) {
    if (map.has(name)) throw new OAuthError('invalid_request', `Parameter ${name} is repeated`);
    if (value !== '') map.set(name, value);
  }
  return map;
}
