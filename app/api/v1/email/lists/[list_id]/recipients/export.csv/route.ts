import { handleRestExport } from '@/server/surfaces/rest/export-csv';

export const dynamic = 'force-dynamic';

export { handleRestExport as GET };
