import { handleRestPreflight, handleRestRequest } from '@/server/surfaces/rest/entry';

export const dynamic = 'force-dynamic';

export { handleRestRequest as GET, handleRestRequest as POST, handleRestRequest as PUT };
export { handleRestRequest as PATCH, handleRestRequest as DELETE, handleRestRequest as HEAD, handleRestPreflight as OPTIONS };
