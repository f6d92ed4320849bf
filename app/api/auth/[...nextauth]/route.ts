import { handleAuthRequest } from '@/server/surfaces/web/auth-endpoint';

export { handleAuthRequest as GET, handleAuthRequest as POST };
