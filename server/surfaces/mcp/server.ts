import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '../../service/schemas';
import { registerTool, type ToolDefinition } from './tool';
import { bannerTools } from './tools/banner';
import { blogPostTools } from './tools/blog-posts';
import { changelogTools } from './tools/changelogs';
import { commitTools } from './tools/commits';
import { kbSetTools } from './tools/kb-sets';
import { mailingListTools } from './tools/mailing-lists';
import { projectTools } from './tools/project';
import { publicationTools } from './tools/publication';
import { releaseEmailTools } from './tools/release-email';

/** The 23 tools of decisions.md "MCP tools", in its order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const TOOLS: ToolDefinition<any, any>[] = [
  ...projectTools,
  ...commitTools,
  ...changelogTools,
  ...blogPostTools,
  ...kbSetTools,
  ...publicationTools,
  ...bannerTools,
  ...mailingListTools,
  ...releaseEmailTools,
];

export const TOOL_NAMES = TOOLS.map((tool) => tool.name);

const INFO = { name: 'shipnote', title: 'Shipnote', version: API_VERSION };
const INSTRUCTIONS =
  'Tools for one Shipnote project: commits, changelogs, blog posts, knowledge-base sets, the announcement banner, mailing lists and release emails.';

/**
 * A server with every tool registered; tools read the request's caller from the transport's authInfo,
 * so one server serves any request. `tools/list` is computed on first use and answered from memory.
 */
function buildMcpServer(): McpServer {
  const server = new McpServer(INFO, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) registerTool(server, tool);
  const low = server.server;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const listTools = (low as any)._requestHandlers.get('tools/list') as (request: unknown, extra: unknown) => Promise<ListToolsResult>;
  let listed: Promise<ListToolsResult> | undefined;
  low.removeRequestHandler('tools/list');
  low.setRequestHandler(ListToolsRequestSchema, (request, extra) => (listed ??= listTools(request, extra)));
  return server;
}

declare global {
  var __shipnoteMcpServers: McpServer[] | undefined;
}

/**
 * A protocol object serves one transport at a time, so servers are kept in a pool: built once, reused by
 * request after request, one more only when requests overlap. `release` returns it after the answer.
 */
export function acquireMcpServer(): McpServer {
  const idle = (globalThis.__shipnoteMcpServers ??= []);
  return idle.pop() ?? buildMcpServer();
}

export async function releaseMcpServer(server: McpServer): Promise<void> {
  await server.close();
  globalThis.__shipnoteMcpServers!.push(server);
}
