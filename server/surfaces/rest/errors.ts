import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { preciseIssues, type IssueLike } from '../../validation-issues';
import { PATH_PARAM_NAMES } from './routes';

export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** The error body trpc-to-openapi produces, as far as we read it. */
export interface LibraryErrorBody {
  message?: string;
  code?: string;
  issues?: IssueLike[];
  data?: { path?: string; loc?: (string | number)[] };
}

/** Rewrites an error response of trpc-to-openapi into the spec's bodies (api-v1.md section 7). */
export function toSpecError(status: number, body: LibraryErrorBody, method: string): { status: number; body: unknown } {
  if (body.issues) {
    return { status: 422, body: { detail: preciseIssues(body.issues).map((issue) => toValidationDetail(issue, method)) } };
  }
  if (body.code === 'PARSE_ERROR') {
    return { status: 422, body: { detail: [{ loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' }] } };
  }
  if (body.code === 'UNSUPPORTED_MEDIA_TYPE') {
    return {
      status: 422,
      body: { detail: [{ loc: ['body'], msg: 'Request body must be JSON (Content-Type: application/json)', type: 'content_type' }] },
    };
  }
  if (status === 422) {
    // a domain's own validation (AppError VALIDATION): the same list shape as the schema's, with its loc
    return { status, body: { detail: [{ loc: body.data?.loc ?? ['body'], msg: body.message ?? 'Invalid input', type: 'value_error' }] } };
  }
  if (status === 404 && !body.data?.path) return { status: 404, body: { detail: 'Not Found' } };
  if (status >= 500) return { status: 500, body: { detail: 'Internal Server Error' } };
  return { status, body: { detail: body.message ?? 'Error' } };
}

function toValidationDetail(issue: IssueLike, method: string): ValidationDetail {
  const [first, ...rest] = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  const location =
    typeof first === 'string' && PATH_PARAM_NAMES.has(first) ? 'path' : method === 'GET' || method === 'DELETE' ? 'query' : 'body';
  const loc = first === undefined ? [location] : [location, first, ...rest];
  return { loc, msg: issue.message, type: issue.code };
}


/**
 * A thrown procedure error in the same terms as a library error body, so one mapper (toSpecError)
 * answers both: domain errors keep their status and message, validation becomes 422, the rest 500.
 */
export function libraryErrorOf(error: unknown): { status: number; body: LibraryErrorBody } {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof AppError) return { status: cause.status, body: { message: cause.message, data: { path: 'procedure', loc: cause.loc } } };
  if (cause instanceof ZodError) return { status: 422, body: { issues: cause.issues } };
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    return { status: getHTTPStatusCodeFromError(error), body: { message: error.message, data: { path: 'procedure' } } };
  }
  logError('REST request failed', error);
  return { status: 500, body: {} };
}
