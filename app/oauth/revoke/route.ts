import { preflight } from '@/server/oauth/http';
import { handleRevoke } from '@/server/oauth/revoke-endpoint';

export const dynamic = 'force-dynamic';
export { handleRevoke as POST, preflight as OPTIONS };
