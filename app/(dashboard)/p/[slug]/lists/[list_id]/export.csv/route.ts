import { handleDashboardExport } from '@/server/surfaces/web/export-csv';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, { params }: { params: Promise<{ slug: string; list_id: string }> }) {
  return handleDashboardExport(req, await params);
}
