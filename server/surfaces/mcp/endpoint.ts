import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { db } from '@/db/client';
import { authenticateBearer, parseBearer } from '../../api-tokens/authenticate';
import { createContext } from '../../context';
import { logError } from '../../log';
import { runAsMcpResource } from '../../oauth/access-tokens';
import { withCors } from '../oauth/http';
import { resourceMetadataUrl, SCOPE } from '../../oauth/urls';
import { buildMcpServer } from './server';

/**
 * `POST /mcp`: stateless streamable HTTP with JSON responses. Accepts OAuth access tokens bound to this
 * resource and project API tokens; anything else gets 401 with the RFC 9728 challenge.
 */
export async function handleMcpPost(req: Request): Promise<Response> {
  return runAsMcpResource(async () => {
    const authorization = req.headers.get('authorization');
    const caller = await authenticateBearer(await db(), authorization);
    if (!caller) return unauthorized(parseBearer(authorization) !== null || Boolean(authorization));
    try {
      const server = buildMcpServer(await createContext({ headers: req.headers }));
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      const response = await transport.handleRequest(req, {
        authInfo: { token: parseBearer(authorization)!, clientId: caller.userId, scopes: [SCOPE], extra: { projectId: caller.projectId } },
      });
      return withCors(response);
    } catch (error) {
      logError('MCP request failed', error);
      return withCors(Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }, { status: 500 }));
    }
  });
}

/** GET would open a stream that never ends in stateless mode, and there is no session to DELETE. */
export function handleMcpMethodNotAllowed(): Response {
  return withCors(
    Response.json(
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: use POST' }, id: null },
      { status: 405, headers: { Allow: 'POST, OPTIONS' } },
    ),
  );
}

function unauthorized(tokenSent: boolean): Response {
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl()}", scope="${SCOPE}"${tokenSent ? ', error="invalid_token"' : ''}`;
  const detail = tokenSent ? 'Invalid or expired token' : 'Authorization required';
  return withCors(Response.json({ detail }, { status: 401, headers: { 'WWW-Authenticate': challenge } }));
}
