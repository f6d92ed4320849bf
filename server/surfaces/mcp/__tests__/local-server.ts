import { randomBytes } from 'node:crypto';
import * as asMetadataMcp from '@/app/.well-known/oauth-authorization-server/mcp/route';
import * as asMetadata from '@/app/.well-known/oauth-authorization-server/route';
import * as prMetadataMcp from '@/app/.well-known/oauth-protected-resource/mcp/route';
import * as prMetadata from '@/app/.well-known/oauth-protected-resource/route';
import * as mcp from '@/app/mcp/route';
import * as authorize from '@/app/oauth/authorize/route';
import * as register from '@/app/oauth/register/route';
import * as revoke from '@/app/oauth/revoke/route';
import * as token from '@/app/oauth/token/route';
import { startTestServer, type Routes, type TestServer } from '@/tests/http';
import { REST_ROUTES } from '@/tests/rest-server';

type Handler = (req: Request) => Response | Promise<Response>;

/** Calls a route module's handler for the method, OPTIONS included, as Next does. */
const route = (prefix: string, module: object): Routes[number] => [
  prefix,
  (req) => {
    const handler = (module as Record<string, Handler | undefined>)[req.method];
    return handler ? handler(req) : Response.json({ detail: 'Method Not Allowed' }, { status: 405 });
  },
];

/**
 * The discovery, OAuth and MCP routes (and the REST API) over real HTTP, as in the OAuth tests, with
 * nothing configured: APP_URL and the other host variables unset, each request served with the
 * loopback origin it arrived on, as the production front does. `mcp` may wrap the /mcp handler.
 */
export async function startUnconfiguredServer(options: { mcp?: (handler: Handler) => Handler } = {}): Promise<TestServer & { port: number }> {
  process.env.NEXTAUTH_SECRET ||= randomBytes(32).toString('base64url');
  for (const name of ['APP_URL', 'MCP_URL', 'OAUTH_ISSUER_URL', 'MCP_ALLOWED_ORIGINS']) delete process.env[name];
  const [prefix, mcpHandler] = route('/mcp', mcp);
  const server = await startTestServer(
    [
      route('/.well-known/oauth-authorization-server/mcp', asMetadataMcp),
      route('/.well-known/oauth-authorization-server', asMetadata),
      route('/.well-known/oauth-protected-resource/mcp', prMetadataMcp),
      route('/.well-known/oauth-protected-resource', prMetadata),
      route('/oauth/authorize', authorize),
      route('/oauth/token', token),
      route('/oauth/register', register),
      route('/oauth/revoke', revoke),
      [prefix, options.mcp ? options.mcp(mcpHandler) : mcpHandler],
      ...REST_ROUTES,
    ],
    { followOrigin: true },
  );
  return { ...server, port: Number(new URL(server.url).port) };
}
