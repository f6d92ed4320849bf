import { config } from '../../config';
import { resourceMetadataUrl, SCOPE } from '../../oauth/urls';
import { isLocalHostname } from '../../request-origin';
import { CORS_HEADERS } from '../oauth/http';

/** The OAuth endpoints' CORS answer, plus the headers 2026-07-28 clients send on every request. */
const MCP_CORS_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': `${CORS_HEADERS['Access-Control-Allow-Headers']}, Mcp-Method, Mcp-Name`,
};

export function mcpPreflight(): Response {
  return new Response(null, { status: 204, headers: MCP_CORS_HEADERS });
}

export function withMcpCors(response: Response): Response {
  for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/** The RFC 9728 challenge of every 401 and 403 from /mcp, with the RFC 6750 error when there is one. */
export function challenge(error?: 'invalid_token' | 'insufficient_scope'): string {
  return `Bearer resource_metadata="${resourceMetadataUrl()}", scope="${SCOPE}"${error ? `, error="${error}"` : ''}`;
}

/**
 * DNS-rebinding protection (MCP transports): a browser's request is served only from the origin of
 * `{mcp_url}` or one listed in MCP_ALLOWED_ORIGINS; with APP_URL unset (the front already refuses other
 * Hosts with 421), only from loopback or private origins. Requests without Origin are not browsers'.
 */
export function refusedOrigin(req: Request): Response | null {
  const origin = req.headers.get('origin');
  if (origin === null || isAllowedOrigin(origin)) return null;
  return withMcpCors(
    Response.json(
      { detail: `Origin not allowed: requests from web pages are served only from ${new URL(config.mcpUrl).origin} and MCP_ALLOWED_ORIGINS` },
      { status: 403, headers: { 'WWW-Authenticate': challenge() } },
    ),
  );
}

function isAllowedOrigin(value: string): boolean {
  const origin = originOf(value);
  if (!origin) return false;
  if (!config.appUrlConfigured && !isLocalHostname(new URL(origin).hostname)) return false;
  return origin === new URL(config.mcpUrl).origin || allowedOrigins().includes(origin);
}

/** `MCP_ALLOWED_ORIGINS`: comma-separated origins of browser-based clients allowed to call /mcp. */
function allowedOrigins(): string[] {
  return (process.env.MCP_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((entry) => originOf(entry.trim()))
    .filter((origin): origin is string => Boolean(origin));
}

/** The serialized origin of an http(s) URL (`Origin: null` and other schemes are no origin). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
