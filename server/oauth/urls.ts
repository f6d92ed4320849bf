import { config } from '../config';

export const SCOPE = 'mcp';
export { ACCESS_TOKEN_PREFIX } from '../auth/bearer';
export const REFRESH_TOKEN_PREFIX = 'service_rt_';
export const CLIENT_SECRET_PREFIX = 'service_cs_';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** consent tickets and authorization codes */
export const TICKET_SECONDS = 10 * 60;

/** The issuer: `{auth_url}` without a trailing slash, identical in every document and response. */
export function issuer(): string {
  return config.oauthIssuerUrl;
}

/** The one protected resource, `{mcp_url}/mcp`, that every token is bound to. */
export function mcpResource(): string {
  return `${config.mcpUrl}/mcp`;
}

/** RFC 9728 metadata of the MCP resource, path-inserted as the resource has the path `/mcp`. */
export function resourceMetadataUrl(): string {
  return `${config.mcpUrl}/.well-known/oauth-protected-resource/mcp`;
}

export const oauthEndpoint = (name: 'authorize' | 'token' | 'register' | 'revoke') => `${issuer()}/oauth/${name}`;

/** The consent page lives on `{app_url}` under the same path as the authorization endpoint. */
export function consentPageUrl(ticket: string): string {
  return `${config.appUrl}/oauth/authorize?ticket=${encodeURIComponent(ticket)}`;
}
