import { handleAuthorizeGet, handleAuthorizePost } from '@/server/oauth/authorize-endpoint';

export const dynamic = 'force-dynamic';
export { handleAuthorizeGet as GET, handleAuthorizePost as POST };
