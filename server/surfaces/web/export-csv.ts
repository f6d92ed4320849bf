import { sessionUserIdOf } from './session';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { libraryErrorOf, toSpecError } from '../rest/errors';

/**
 * The dashboard's "Export CSV" link: the signed-in member's session acting on the page's project, the
 * same procedure as the REST export, and its error bodies (a download link has no page to show them on).
 */
export async function handleDashboardExport(req: Request, params: { slug: string; list_id: string }): Promise<Response> {
  const headers = new Headers();
  const ctx = await createContext({ headers: req.headers, resHeaders: headers, sessionUserId: await sessionUserIdOf(req), project: params.slug });
  const status = new URL(req.url).searchParams.get('status') ?? undefined;
  try {
    const csv = await createCaller(ctx).recipients.exportCsv({ list_id: params.list_id, status });
    headers.set('Content-Type', 'text/csv; charset=utf-8');
    headers.set('Content-Disposition', csv.contentDisposition);
    headers.set('Cache-Control', 'no-store');
    return new Response(csv.body, { status: 200, headers });
  } catch (error) {
    const failure = libraryErrorOf(error);
    const spec = toSpecError(failure.status, failure.body, 'GET');
    headers.set('Content-Type', 'application/json');
    return new Response(JSON.stringify(spec.body), { status: spec.status, headers });
  }
}
