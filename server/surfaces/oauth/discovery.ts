import { preflight, withCors } from './http';
import { authorizationServerMetadata, protectedResourceMetadata } from '../../oauth/metadata';

function document(body: object): Response {
  return withCors(Response.json(body, { headers: { 'Cache-Control': 'public, max-age=300' } }));
}

/** RFC 8414 metadata, served at `/.well-known/oauth-authorization-server` and the same with `/mcp`. */
export const authorizationServerRoute = {
  GET: () => document(authorizationServerMetadata()),
  OPTIONS: preflight,
};

/** RFC 9728 metadata, served at `/.well-known/oauth-protected-resource` and the same with `/mcp`. */
export const protectedResourceRoute = {
  GET: () => document(protectedResourceMetadata()),
  OPTIONS: preflight,
};
