import { handleDashboardExport } from '@/server/surfaces/rest/export-csv';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, { params }: { params: Promise<{ slug: string; list_id: string }> }) {
  return handleDashboardExport(req, await params);
}
