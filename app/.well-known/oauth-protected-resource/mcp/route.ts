import { protectedResourceRoute } from '@/server/oauth/discovery-endpoint';

export const dynamic = 'force-dynamic';
export const { GET, OPTIONS } = protectedResourceRoute;
