import { isUtf8 } from 'node:buffer';
import { TRPCError } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { sessionUserIdOf } from './session';
import { createContext, type Context } from '../../context';
import { AppError, toTRPCError } from '../../errors';
import { logError } from '../../log';
import { appRouter, proceduresByPath as procedures } from '../../root';
import { enforceCallLimit } from '../../trpc';
import { BodyTooLarge, findUnsafeText, MAX_JSON_BODY_BYTES, readBody, UNSAFE_TEXT_MESSAGE } from '../body';
import { isSameOrigin } from '../http/same-origin';
import { PROJECT_HEADER } from './project-header';

/**
 * A visitor's calls (sign-up, confirm, resend) take a few hundred bytes. Without a session or an API
 * token a larger body is refused unread: parsing and walking 5 MB costs the server 35-45 ms of CPU,
 * which anyone could otherwise ask for as often as they like before any rate limit counted them.
 */
export const MAX_VISITOR_BODY_BYTES = 64 * 1024;

/** The most calls one request may name, each counted before its body is read; the dashboard sends one. */
export const MAX_BATCH_CALLS = 10;

const ENDPOINT = '/api/trpc';

/**
 * The dashboard's tRPC endpoint: writes only from our own pages (CSRF), the session user (and the
 * project named by PROJECT_HEADER) or an API token as the actor, a body capped for that caller, then
 * the procedures.
 */
export async function handleDashboardRequest(req: Request): Promise<Response> {
  if (req.method !== 'GET' && !isSameOrigin(req)) return Response.json({ detail: 'Cross-site request refused' }, { status: 403 });
  // the caller, from the session or an API token, before the body: its cap depends on who sends it
  const ctx = await createContext({ headers: req.headers, sessionUserId: await sessionUserIdOf(req), project: req.headers.get(PROJECT_HEADER) });
  const visitor = ctx.actor.kind === 'anonymous';
  // a member or a token may send 5 MB: its calls are counted first, so past its limit it is refused unread
  const refused = req.method === 'POST' && !visitor ? await countCallsBeforeBody(ctx, req.url) : undefined;
  let body: Uint8Array<ArrayBuffer> | undefined;
  try {
    body = req.method === 'POST' && !refused ? new Uint8Array(await readBody(req, visitor ? MAX_VISITOR_BODY_BYTES : MAX_JSON_BODY_BYTES)) : undefined;
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    // a member whose session ended while editing a long page is told why, not only that it is large
    const message = visitor ? `${error.message} without a session or an API token: sign in to send more` : error.message;
    return Response.json({ error: { message, code: -32600 } }, { status: 413, headers: ctx.resHeaders });
  }
  const capped = new Request(req.url, { method: req.method, headers: req.headers, body });
  const response = await fetchRequestHandler({
    endpoint: ENDPOINT,
    req: capped,
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: async ({ resHeaders, info }) => {
      // a refusal answers each call of the batch in tRPC's shape
      if (refused) throw refused;
      await refuseUnsafeInput(body, info);
      return { ...ctx, resHeaders };
    },
  });
  // the counts' RateLimit headers, on every answer, even one tRPC gave before any context (a 415)
  for (const [name, value] of ctx.resHeaders) if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
}

/**
 * Counts each call the URL names against its caller's limit (once: the procedures do not count them
 * again), as REST counts a request before its body. Refused uncounted: a URL tRPC cannot decode, a batch
 * larger than MAX_BATCH_CALLS and a path that is no procedure (so no call escapes its group's count).
 */
async function countCallsBeforeBody(ctx: Context, url: string): Promise<TRPCError | undefined> {
  const calls = procedurePathsOf(new URL(url));
  if (!calls) return new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid URL-encoding in path' });
  if (calls.length > MAX_BATCH_CALLS) return new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' });
  const unknown = calls.find((path) => !procedures[path]);
  if (unknown !== undefined) return new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${unknown}"` });
  try {
    for (const path of calls) await enforceCallLimit(ctx, procedures[path]?._def.meta?.rateLimit);
    ctx.rateLimitCounted = true;
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) logError('rate limit of a dashboard call failed', error);
    return toTRPCError(error);
  }
}

/**
 * The procedures a tRPC URL names (`/api/trpc/a.b,c.d?batch=1`), derived as tRPC's fetch adapter does:
 * one slash off each end, around the endpoint too; undefined when the path cannot be decoded.
 */
function procedurePathsOf(url: URL): string[] | undefined {
  const path = trimSlashes(trimSlashes(url.pathname).slice(trimSlashes(ENDPOINT).length));
  try {
    const decoded = decodeURIComponent(path);
    return url.searchParams.get('batch') === '1' ? decoded.split(',') : [decoded];
  } catch {
    return undefined;
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\//, '').replace(/\/$/, '');
}

/**
 * What REST and MCP refuse before a procedure runs, refused here too (as a 400 to each call of the
 * batch, in tRPC's shape): bytes that are not UTF-8 (never stored as U+FFFD), and text PostgreSQL cannot
 * store or a schema would drop (a NUL, a lone surrogate, a `__proto__` key, deep nesting).
 */
async function refuseUnsafeInput(body: Uint8Array | undefined, info: TRPCRequestInfo): Promise<void> {
  if (body && !isUtf8(body)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body is not UTF-8 text' });
  for (const call of info.calls) {
    const unsafe = findUnsafeText(await call.getRawInput());
    if (unsafe) throw new TRPCError({ code: 'BAD_REQUEST', message: `${unsafe.join('.') || 'The input'}: ${UNSAFE_TEXT_MESSAGE}` });
  }
}
