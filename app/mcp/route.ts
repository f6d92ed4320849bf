import { handleMcpMethodNotAllowed, handleMcpPost } from '@/server/mcp/endpoint';
import { preflight } from '@/server/oauth/http';

export const dynamic = 'force-dynamic';
export { handleMcpPost as POST, handleMcpMethodNotAllowed as GET, handleMcpMethodNotAllowed as DELETE, preflight as OPTIONS };
