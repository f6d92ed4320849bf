import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { sessionUserIdOf } from '../../auth/session';
import { createContext } from '../../context';
import { toSpecError } from './errors';
import { createCaller } from '../../root';
import type { CsvExport } from '../../recipients/export';

const REST_PATH = /\/email\/lists\/([^/]+)\/recipients\/export\.csv$/i;

/** GET /api/v1/email/lists/{list_id}/recipients/export.csv with an API token. */
export async function handleRestExport(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const listId = REST_PATH.exec(url.pathname)?.[1] ?? '';
  const resHeaders = new Headers();
  const ctx = await createContext({ headers: req.headers, resHeaders });
  const status = url.searchParams.get('status') ?? undefined;
  return respond(() => createCaller(ctx).recipients.exportCsv({ list_id: listId, status }), resHeaders);
}

/** The dashboard's export link: the signed-in user's session instead of a token. */
export async function handleDashboardExport(req: Request, params: { slug: string; list_id: string }): Promise<Response> {
  const resHeaders = new Headers();
  const ctx = await createContext({ headers: req.headers, resHeaders, sessionUserId: await sessionUserIdOf(req), project: params.slug });
  const status = new URL(req.url).searchParams.get('status') ?? undefined;
  return respond(() => createCaller(ctx).recipients.exportCsv({ list_id: params.list_id, status }), resHeaders);
}

/** A CSV success, or the same error bodies and rate-limit headers as every other REST route. */
async function respond(run: () => Promise<CsvExport>, headers: Headers): Promise<Response> {
  try {
    const csv = await run();
    headers.set('Content-Type', 'text/csv; charset=utf-8');
    headers.set('Content-Disposition', csv.contentDisposition);
    headers.set('Cache-Control', 'no-store');
    return new Response(csv.body, { status: 200, headers });
  } catch (error) {
    const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
    const cause = trpcError.cause;
    const library = cause instanceof ZodError ? { issues: cause.issues } : { message: trpcError.message, data: { path: 'export' } };
    const spec = toSpecError(getHTTPStatusCodeFromError(trpcError), library, 'GET');
    headers.set('Content-Type', 'application/json');
    return new Response(JSON.stringify(spec.body), { status: spec.status, headers });
  }
}
