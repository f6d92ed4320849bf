import { handleRestExport } from '@/server/recipients/export-http';

export const dynamic = 'force-dynamic';

export { handleRestExport as GET };
