import { protectedResourceRoute } from '@/server/surfaces/oauth/discovery';

export const dynamic = 'force-dynamic';
export const { GET, OPTIONS } = protectedResourceRoute;
