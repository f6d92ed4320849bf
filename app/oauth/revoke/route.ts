import { preflight } from '@/server/surfaces/oauth/http';
import { handleRevoke } from '@/server/surfaces/oauth/revoke';

export const dynamic = 'force-dynamic';
export { handleRevoke as POST, preflight as OPTIONS };
