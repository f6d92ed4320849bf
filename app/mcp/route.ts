import { handleMcpMethodNotAllowed, handleMcpPost } from '@/server/surfaces/mcp/entry';
import { mcpPreflight } from '@/server/surfaces/mcp/http';

export const dynamic = 'force-dynamic';
export { handleMcpPost as POST, handleMcpMethodNotAllowed as GET, handleMcpMethodNotAllowed as DELETE, mcpPreflight as OPTIONS };
