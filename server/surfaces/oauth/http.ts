import type { OAuthError } from '../../oauth/errors';

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

/** An OAuth error as its RFC 6749 body, never cached; `invalid_client` is a 401. */
export function oauthErrorResponse(error: OAuthError, headers: Record<string, string> = {}): Response {
  return noStoreJson({ error: error.error, error_description: error.description }, error.status, { ...headers, ...error.headers });
}
