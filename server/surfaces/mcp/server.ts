import {
  createMcpHandler,
  isLegacyRequest,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type McpHttpHandler,
  type McpRequestContext,
} from '@modelcontextprotocol/server';
import { logError } from '../../log';
import { API_VERSION } from '../../service/schemas';
import { leaseOf, registerTool, withLease, type ToolDefinition } from './tool';
import { bannerTools } from './tools/banner';
import { commitTools } from './tools/commits';
import { contentTools } from './tools/content';
import { mailingListTools } from './tools/mailing-lists';
import { projectTools } from './tools/project';
import { releaseEmailTools } from './tools/release-email';

/** The 23 tools of decisions.md "MCP tools", in its order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TOOLS: ToolDefinition<any, any>[] = [
  ...projectTools,
  ...commitTools,
  ...contentTools,
  ...bannerTools,
  ...mailingListTools,
  ...releaseEmailTools,
];

export const TOOL_NAMES = TOOLS.map((tool) => tool.name);

const INFO = { name: 'shipnote', title: 'Shipnote', version: API_VERSION };
const INSTRUCTIONS =
  'Tools for one Shipnote project: commits, changelogs, blog posts, knowledge-base sets, the announcement banner, mailing lists and release emails.';

/** The tool list is the same for every caller and changes only with a deploy (2026-07-28 caching hints). */
const CACHE_HINTS = {
  'tools/list': { ttlMs: 5 * 60_000, cacheScope: 'public' as const },
  'server/discover': { ttlMs: 5 * 60_000, cacheScope: 'public' as const },
};

/**
 * A server with every tool registered; tools read the request's caller from the request's authInfo,
 * so one server serves any request. The tools' JSON Schemas are computed once per process (tool.ts).
 */
function buildMcpServer(): McpServer {
  // stateless: there is no connection to announce a changed list on
  const server = new McpServer(INFO, { instructions: INSTRUCTIONS, cacheHints: CACHE_HINTS, capabilities: { tools: { listChanged: false } } });
  for (const tool of TOOLS) registerTool(server, tool);
  closeWithoutStacks(server);
  return server;
}

type Era = McpRequestContext['era'];

declare global {
  var __shipnoteMcp: { modern: McpHttpHandler; idle: Record<Era, McpServer[]> } | undefined;
}

/**
 * Serves one authenticated JSON-RPC message (or batch): 2026-07-28 requests through the SDK's modern
 * handler (per-request `_meta`, `server/discover`, `Mcp-Method`/`Mcp-Name` header checks, caching hints),
 * 2025-11-25/2025-06-18 ones through a stateless streamable HTTP transport; JSON answers for both.
 */
export async function serveMcp(req: Request, options: { parsedBody: unknown; authInfo: AuthInfo }): Promise<Response> {
  const lease: Lease = {};
  const authInfo = withLease(options.authInfo, lease);
  try {
    if (await isLegacyRequest(req, options.parsedBody)) return await serveLegacy(req, options.parsedBody, authInfo, lease);
    return await state().modern.fetch(req, { parsedBody: options.parsedBody, authInfo });
  } finally {
    await release(lease);
  }
}

/** The 2025 revisions, stateless: no session, GET/DELETE answered by the entry, JSON responses. */
async function serveLegacy(req: Request, parsedBody: unknown, authInfo: AuthInfo, lease: Lease): Promise<Response> {
  const server = acquire({ era: 'legacy', authInfo });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  lease.server = server;
  return transport.handleRequest(req, { parsedBody, authInfo });
}

interface Lease {
  server?: McpServer;
  era?: Era;
}

/**
 * A protocol object serves one exchange at a time, so servers are pooled per era (a 2025-era instance
 * remembers the revision an `initialize` negotiated; a 2026-07-28 one is rebound per request): built
 * once, reused request after request, one more only when requests overlap.
 */
function acquire({ era, authInfo }: Pick<McpRequestContext, 'era' | 'authInfo'>): McpServer {
  const server = state().idle[era].pop() ?? buildMcpServer();
  const lease = leaseOf(authInfo);
  if (lease) Object.assign(lease, { server, era });
  return server;
}

async function release({ server, era }: Lease): Promise<void> {
  if (!server || !era) return;
  await server.close();
  if (!server.isConnected()) state().idle[era].push(server);
}

/**
 * Every exchange ends with a close (the 2026-07-28 transport closes itself once it answered), and the
 * close builds the SDK's "Connection closed" error for the handlers still waiting on the connection, even
 * when none is: capturing its stack cost 10-40 us a request, and nothing reads it. Stacks are off for the
 * synchronous part of the protocol's close hook, the one the SDK lets subclasses override.
 */
function closeWithoutStacks(server: McpServer): void {
  const protocol = server.server as unknown as { _onclose(): void };
  const onclose = protocol._onclose.bind(protocol);
  protocol._onclose = () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      onclose();
    } finally {
      Error.stackTraceLimit = limit;
    }
  };
}

function state() {
  return (globalThis.__shipnoteMcp ??= {
    modern: createMcpHandler(acquire, { legacy: 'reject', responseMode: 'json', onerror: reportProtocolError }),
    idle: { legacy: [], modern: [] },
  });
}

/** The SDK reports the requests it refuses here too (bad headers, unsupported revisions): only failures are logged. */
function reportProtocolError(error: Error) {
  if (error.name === 'UnsupportedProtocolVersionError' || /^(Rejected|Unsupported|Parse error)/i.test(error.message)) return;
  logError('MCP protocol error', error);
}
