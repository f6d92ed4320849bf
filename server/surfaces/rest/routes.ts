import { proceduresByPath as procedures } from '../../root';

export const REST_PREFIX = '/api/v1';
import type { RateLimitGroup } from '../../rate-limit/enforce';
import type { Meta } from '../../trpc';
import { cacheControlOf } from '../http/conditional';

/** Path parameter names of every REST route (`{list_id}` ...): how a 422 tells `path` from `query`. */
export const PATH_PARAM_NAMES = new Set(
  Object.values(procedures).flatMap((p) => [...(p._def.meta?.openapi?.path ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)),
);

/** The REST success status of a procedure when it is not 200 (201 for creates). */
export function successStatusOf(procedurePath: string): number {
  return procedures[procedurePath]?._def.meta?.successStatus ?? 200;
}

/** The Cache-Control of a cacheable public GET (meta `httpCache`), else undefined. */
export function cacheControlFor(procedurePath: string): string | undefined {
  const policy = procedures[procedurePath]?._def.meta?.httpCache;
  return policy && cacheControlOf(policy);
}

/** The error statuses a procedure documents beside the ones every route has (401, 422, 429). */
export function errorStatusesOf(procedurePath: string): number[] {
  return procedures[procedurePath]?._def.meta?.errors ?? [];
}

/** `Access-Control-Allow-Origin: *` for procedures any web page may call (meta `anyOrigin`), else none. */
export function corsHeadersFor(procedurePath: string): Record<string, string> {
  return procedures[procedurePath]?._def.meta?.anyOrigin ? { 'Access-Control-Allow-Origin': '*' } : {};
}

/** What a REST request passes before its procedure runs: a token unless the route is public, and its group's limit. */
export interface RouteAccess {
  tokenRequired: boolean;
  rateLimit?: RateLimitGroup;
  /** any web page may call it: its refusals carry `Access-Control-Allow-Origin: *` too */
  anyOrigin?: boolean;
}

interface ProcedureRoute {
  method: string;
  pattern: RegExp;
  access: RouteAccess;
}

// matched on the encoded path as trpc-to-openapi matches them, parameters one segment each, but in the
// case the spec writes them: the library ignores case, and `/Health` is no route of the API
const PROCEDURE_ROUTES: ProcedureRoute[] = Object.values(procedures).flatMap(({ _def: { meta } }) => {
  const openapi = meta?.openapi;
  if (!openapi) return [];
  const pattern = new RegExp(`^${openapi.path.replace(/\{\w+\}/g, '[^/]+')}$`);
  return [{ method: openapi.method, pattern, access: accessOf(meta) }];
});

function accessOf(meta: Meta): RouteAccess {
  return { tokenRequired: meta.openapi?.protect !== false, rateLimit: meta.rateLimit, anyOrigin: meta.anyOrigin };
}

/** The access rules of one procedure (its dotted path), for a raw route that answers for it. */
export function accessOfProcedure(procedurePath: string): RouteAccess {
  const meta = procedures[procedurePath]?._def.meta;
  if (!meta) throw new Error(`${procedurePath}: no such procedure with meta`);
  return accessOf(meta);
}

/** The access rules of the procedure route a request names; undefined when none matches. */
export function procedureRouteAccess(method: string, path: string): RouteAccess | undefined {
  // the library drops one slash at either end before it matches (`/email/lists/` names the lists)
  const normalized = `/${path.replace(/^\/|\/$/g, '')}`;
  return PROCEDURE_ROUTES.find((route) => route.method === method && route.pattern.test(normalized))?.access;
}
