import { initTRPC, type TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { AppError, toTRPCError } from './errors';
import { enforceRateLimit, type RateLimitGroup } from './rate-limit/enforce';
import { logError } from './log';

/** How long shared caches (CDNs) may keep a public answer, and serve it stale while they refetch. */
export interface HttpCachePolicy {
  maxAge: number;
  staleWhileRevalidate: number;
}

export interface Meta extends OpenApiMeta {
  /** the section 8 endpoint group; every procedure is limited, `general` by default */
  rateLimit?: RateLimitGroup;
  /** the HTTP status of a REST success when it is not 200 */
  successStatus?: number;
  /** error statuses the REST route documents beyond 401, 422 and 429 (e.g. 400, 404, 409) */
  errors?: number[];
  /** a cacheable public GET: the REST surface adds ETag, Cache-Control and 304 */
  httpCache?: HttpCachePolicy;
  /** callable from any web page (the widget's reports): the REST answer carries `Access-Control-Allow-Origin: *` */
  anyOrigin?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        // never leak internal messages or stacks, in any environment
        message: internal ? 'Internal Server Error' : error.cause instanceof ZodError ? describeIssues(error.cause) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          // where a domain's own validation (AppError VALIDATION) found the bad value: the REST 422's loc
          ...(error.cause instanceof AppError && error.cause.loc ? { loc: error.cause.loc } : {}),
        },
      };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure's one middleware (tRPC copies its options at each layer, so one layer, not two):
 * - the rate limit, per client IP and endpoint group (api-v1.md section 8) for API callers; dashboard
 *   sessions share one generous budget per user, so a person typing in an editor is never throttled but
 *   a script is;
 * - then `proceed`, which may refuse the caller (project procedures check theirs in this same layer);
 * - then domain errors become tRPC errors; unknown ones are logged and hidden. Each surface maps the result.
 */
async function guard<R extends { ok: true } | { ok: false; error: TRPCError }>(
  { ctx, meta, path }: { ctx: Context; meta: Meta | undefined; path: string },
  proceed: () => Promise<R>,
): Promise<R> {
  try {
    await enforceCallLimit(ctx, meta?.rateLimit);
  } catch (error) {
    if (!(error instanceof AppError)) logError(`rate limit of ${path} failed`, error);
    throw toTRPCError(error);
  }
  let result: R;
  try {
    result = await proceed();
  } catch (error) {
    throw toTRPCError(error); // the caller's refusal, an AppError
  }
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) result.error = toTRPCError(cause);
    else if (result.error.code === 'INTERNAL_SERVER_ERROR') logError(`procedure ${path} failed`, cause ?? result.error);
  }
  return result;
}

/**
 * Counts one call: dashboard sessions against their user's budget, API callers against their address's
 * budget for the endpoint group. Not again when it was counted already: by the HTTP front (a page
 * view), or by REST or the dashboard endpoint before reading its body.
 */
export async function enforceCallLimit(ctx: Context, group: RateLimitGroup | undefined): Promise<void> {
  const { actor } = ctx;
  if (ctx.rateLimitCounted) return;
  const session = actor.kind === 'user' || (actor.kind === 'project' && actor.via === 'session');
  if (session) await enforceRateLimit(ctx, 'dashboard', `user:${actor.userId}`);
  else await enforceRateLimit(ctx, group ?? 'general', ctx.clientIp);
}

/** Anyone; rate limited. */
export const publicProcedure = t.procedure.use((opts) => guard(opts, () => opts.next()));

/**
 * One project, whoever acts for it: an API token, an OAuth grant (MCP) or a member in the dashboard.
 * The project was checked when the actor was resolved; verbs scope every query to `ctx.projectId`.
 */
export const projectProcedure = t.procedure.use((opts) =>
  guard(opts, () => {
    const { actor } = opts.ctx;
    if (actor.kind === 'project') return opts.next({ ctx: { projectId: actor.projectId, userId: actor.userId } });
    if (actor.kind === 'user') throw new AppError('NOT_FOUND', 'Project not found');
    throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
  }),
);

/** Dashboard-only work on a project (its API keys, connected apps, webhook secrets): a member's session. */
export const memberProcedure = projectProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind !== 'project' || ctx.actor.via !== 'session') throw new AppError('FORBIDDEN', 'Only members can do this in the dashboard');
  return next();
});

/** A signed-in dashboard user, with or without a project. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.kind === 'user' || (actor.kind === 'project' && actor.via === 'session')) return next({ ctx: { userId: actor.userId } });
  throw new AppError('UNAUTHORIZED', 'Sign in required');
});

/** A validation failure in one readable line, for the dashboard and MCP tool errors. */
export function describeIssues(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}
