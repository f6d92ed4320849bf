import { preflight } from '@/server/surfaces/oauth/http';
import { handleToken } from '@/server/surfaces/oauth/token';

export const dynamic = 'force-dynamic';
export { handleToken as POST, preflight as OPTIONS };
