import { initTRPC } from '@trpc/server';
import { z, ZodError } from 'zod';
import { getProjectForUser } from './projects/get';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { AppError, toTRPCError } from './errors';
import { enforceRateLimit, type RateLimitGroup } from './rate-limit/enforce';
import { authenticateBearer } from './api-tokens/authenticate';
import { logError } from './log';
import type { HttpCachePolicy } from './content/http-cache';

export interface Meta extends OpenApiMeta {
  /** the section 8 endpoint group; every public and token procedure is limited, `general` by default */
  rateLimit?: RateLimitGroup;
  /** the HTTP status of a REST success when it is not 200 */
  successStatus?: number;
  /** error statuses the REST route documents beyond 401, 422 and 429 (e.g. 400, 404, 409) */
  errors?: number[];
  /** a cacheable public GET: the REST adapter adds ETag, Cache-Control and 304 (server/content/http-cache.ts) */
  httpCache?: HttpCachePolicy;
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
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The one error mapper: domain errors become tRPC errors; unknown ones are logged and hidden. */
const mapErrors = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) result.error = toTRPCError(cause);
    else if (result.error.code === 'INTERNAL_SERVER_ERROR') logError(`procedure ${path} failed`, cause ?? result.error);
  }
  return result;
});

const rateLimited = t.middleware(async ({ ctx, meta, next }) => {
  await enforceRateLimit(ctx, meta?.rateLimit ?? 'general');
  return next();
});

const base = t.procedure.use(mapErrors);

/** Anyone; rate limited per client IP. */
export const publicProcedure = base.use(rateLimited);

/** An API token (later also an OAuth access token) scoped to one project. */
export const tokenProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const caller = await authenticateBearer(ctx.db, ctx.headers.get('authorization'));
  if (!caller) throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
  return next({ ctx: { ...caller } });
});

/** A signed-in dashboard user. Not rate limited: the session is the gate. */
export const sessionProcedure = base.use(async ({ ctx, next }) => {
  if (!ctx.sessionUserId) throw new AppError('UNAUTHORIZED', 'Sign in required');
  return next({ ctx: { userId: ctx.sessionUserId } });
});

/** A signed-in user acting on one of their projects (`projectId` in the input). */
export const memberProcedure = sessionProcedure
  .input(z.object({ projectId: z.uuid() }))
  .use(async ({ ctx, input, next }) => {
    const project = await getProjectForUser(ctx.db, ctx.userId, input.projectId);
    return next({ ctx: { projectId: project.id } });
  });

/** A validation failure in one readable line, for the dashboard and MCP tool errors. */
function describeIssues(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}
