import { preflight } from '@/server/surfaces/oauth/http';
import { handleRegister } from '@/server/surfaces/oauth/register';

export const dynamic = 'force-dynamic';
export { handleRegister as POST, preflight as OPTIONS };
