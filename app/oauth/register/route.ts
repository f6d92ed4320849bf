import { preflight } from '@/server/oauth/http';
import { handleRegister } from '@/server/oauth/register-endpoint';

export const dynamic = 'force-dynamic';
export { handleRegister as POST, preflight as OPTIONS };
