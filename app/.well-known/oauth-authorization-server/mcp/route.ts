import { authorizationServerRoute } from '@/server/surfaces/oauth/discovery';

export const dynamic = 'force-dynamic';
export const { GET, OPTIONS } = authorizationServerRoute;
