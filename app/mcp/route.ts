import { handleMcpMethodNotAllowed, handleMcpPost } from '@/server/surfaces/mcp/entry';
import { preflight } from '@/server/surfaces/oauth/http';

export const dynamic = 'force-dynamic';
export { handleMcpPost as POST, handleMcpMethodNotAllowed as GET, handleMcpMethodNotAllowed as DELETE, preflight as OPTIONS };
