import { issuer, mcpResource, oauthEndpoint, SCOPE } from './urls';

const CLIENT_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'];

/** RFC 8414 authorization server metadata. */
export function authorizationServerMetadata() {
  return {
    issuer: issuer(),
    authorization_endpoint: oauthEndpoint('authorize'),
    token_endpoint: oauthEndpoint('token'),
    registration_endpoint: oauthEndpoint('register'),
    revocation_endpoint: oauthEndpoint('revoke'),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    scopes_supported: [SCOPE],
    authorization_response_iss_parameter_supported: true,
    // a client_id may be the https URL of its metadata document (MCP authorization 2025-11-25)
    client_id_metadata_document_supported: true,
  };
}

/** RFC 9728 protected resource metadata of `{mcp_url}/mcp`. */
export function protectedResourceMetadata() {
  return {
    resource: mcpResource(),
    authorization_servers: [issuer()],
    scopes_supported: [SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Shipnote MCP',
  };
}
