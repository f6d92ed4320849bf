import { handleDashboardRequest } from '@/server/surfaces/web/trpc-endpoint';

export const dynamic = 'force-dynamic';

export { handleDashboardRequest as GET, handleDashboardRequest as POST };
