import { preflight } from '@/server/oauth/http';
import { handleToken } from '@/server/oauth/token-endpoint';

export const dynamic = 'force-dynamic';
export { handleToken as POST, preflight as OPTIONS };
