import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Context } from '../../context';
import { createCaller } from '../../root';
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

/** A new server per request (stateless): every tool calls the procedures as the request's token. */
export function buildMcpServer(ctx: Context): McpServer {
  const server = new McpServer(
    { name: 'shipnote', title: 'Shipnote', version: API_VERSION },
    {
      instructions:
        'Tools for one Shipnote project: commits, changelogs, blog posts, knowledge-base sets, the announcement banner, mailing lists and release emails.',
    },
  );
  const caller = () => createCaller(ctx);
  for (const tool of TOOLS) registerTool(server, caller, tool);
  return server;
}
