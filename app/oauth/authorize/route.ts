import { handleAuthorizeGet, handleAuthorizePost } from '@/server/surfaces/oauth/authorize';

export const dynamic = 'force-dynamic';
export { handleAuthorizeGet as GET, handleAuthorizePost as POST };
