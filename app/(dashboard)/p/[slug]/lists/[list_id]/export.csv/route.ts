import { handleDashboardExport } from '@/server/recipients/export-http';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, { params }: { params: Promise<{ slug: string; list_id: string }> }) {
  return handleDashboardExport(req, await params);
}
