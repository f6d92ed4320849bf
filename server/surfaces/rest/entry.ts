import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { createContext, type Context, CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { createCaller, appRouter } from '../../root';
import { enforceCallLimit } from '../../trpc';
import { BodyTooLarge, decodePath, findUnsafeQuery, findUnsafeText, isUnsafeText, MAX_JSON_BODY_BYTES, NotUtf8, readUtf8, unsafeTextDetail } from '../body';
import { answerBannerHttp } from '../http/banner';
import { conditionalResponse } from '../http/conditional';
import { REST_URL_HEADER } from '../http/rest-route';
import { libraryErrorOf, toSpecError, type LibraryErrorBody } from './errors';
import { nonIntegerQueryParameter, pathParameterAt } from './documented-routes';
import { RAW_ROUTES, type RawAnswer } from './raw-routes';
import { cacheControlFor, corsHeadersFor, procedureRouteAccess, REST_PREFIX, successStatusOf, type RouteAccess } from './routes';

interface FakeResponse {
  statusCode: number;
  setHeader(name: string, value: string | string[]): void;
  end(body?: string): void;
}

type Caller = ReturnType<typeof createCaller>;

const contextOf = new WeakMap<Request, Context>();

// Built once: the library's own fetch adapter rebuilds its route table on every request.
const openApiHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }: { req: Request }) => contextOf.get(req)!,
  responseMeta: ({ paths, errors }: { paths?: string[]; errors: unknown[] }) => {
    const path = paths?.[0];
    if (!path) return {};
    if (errors.length > 0) return { headers: corsHeadersFor(path) };
    return { status: successStatusOf(path), headers: { 'Cache-Control': cacheControlFor(path), ...corsHeadersFor(path) } };
  },
} as never) as unknown as (req: Request, res: FakeResponse) => Promise<void>;

/**
 * The one entry of the REST surface, every `/api/v1/*` request: the path decoded and its hostile text
 * found, the actor resolved once (createContext) from the headers, then, for a caller its route accepts,
 * the body read with a streaming cap and its hostile text found, then the procedure (rate limited there;
 * a request refused before it is limited here) and one mapper to the spec's error bodies. HEAD runs as
 * GET and drops the body.
 */
export async function handleRestRequest(req: Request): Promise<Response> {
  const { url, path } = restUrlOf(req);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const segments = decodePath(path);
  let refusal = urlRefusal(method, segments, url.searchParams);

  if (method === 'GET' && path === '/banner' && !refusal) return bannerResponse(req, url);
  const raw = method === 'GET' ? matchRawRoute(segments) : undefined;
  const access = raw ? (raw.route.access ?? PUBLIC_ACCESS) : procedureRouteAccess(method, path);
  // a route that does not exist is not found, whatever was sent to it
  if (!access) return json(404, { detail: 'Not Found' });
  const resHeaders = new Headers();
  const ctx = await createContext({ headers: req.headers, resHeaders });
  if (raw?.route.anyOrigin) ctx.resHeaders.set('Access-Control-Allow-Origin', '*');
  if (refusal) return withoutBodyForHead(req, await refuseBeforeProcedure(ctx, method, access, refusal));
  // counted and authenticated from its headers before its body is read: past the limit, or without the
  // token its route requires, it is refused unread (and the HTTP front closes the connection)
  if (tokenMissing(ctx, access) || takesBody(method)) {
    const refused = await limitOrTokenRefusal(ctx, method, access);
    if (refused) return withoutBodyForHead(req, refused);
  }

  let body: unknown;
  try {
    body = await readJsonBody(req, method);
  } catch (error) {
    refusal = bodyRefusal(error);
  }
  const unsafe = refusal ? null : findUnsafeBody(body);
  if (unsafe) refusal = json(422, unsafeTextDetail(unsafe));
  if (refusal) return refuseBeforeProcedure(ctx, method, access, refusal);
  if (raw) return rawResponse(req, ctx, (caller) => raw.route.run(caller, raw.params, url.searchParams));
  return procedureResponse(req, ctx, { url: url.origin + path + url.search, query: url.searchParams }, method, body);
}

/** Unsafe text in the path or query, or a query number not written in digits: refused before the body is read. */
function urlRefusal(method: string, segments: string[], query: URLSearchParams): Response | undefined {
  const unsafe = unsafeInUrl(method, segments, query);
  if (unsafe) return json(422, unsafeTextDetail(unsafe));
  const notInteger = nonIntegerQueryParameter(method, segments, query);
  if (notInteger) return json(422, { detail: [{ loc: ['query', notInteger], msg: 'Must be a whole number written in digits', type: 'int_parsing' }] });
  return undefined;
}

function bodyRefusal(error: unknown): Response {
  if (error instanceof BodyTooLarge) return json(413, { detail: error.message });
  if (error instanceof NotJson) return json(422, { detail: [{ loc: ['body'], msg: 'Request body must be JSON (Content-Type: application/json)', type: 'content_type' }] });
  return json(422, { detail: [{ loc: ['body'], msg: `Request body is not valid JSON${error instanceof NotUtf8 ? ': it is not UTF-8 text' : ''}`, type: 'json_invalid' }] });
}

const PUBLIC_ACCESS: RouteAccess = { tokenRequired: false };

/**
 * The URL and API path of a REST request: the HTTP front hands every REST URL, and the pages' markdown
 * twins (`/changelog/<slug>.md`), to this route with the URL the client asked for; a direct call (tests)
 * carries its own.
 */
function restUrlOf(req: Request) {
  const askedFor = req.headers.get(REST_URL_HEADER);
  const url = askedFor ? new URL(askedFor, req.url) : new URL(req.url);
  const path = url.pathname.startsWith(REST_PREFIX) ? url.pathname.slice(REST_PREFIX.length) || '/' : url.pathname;
  return { url, path };
}

/** What a web page may send when it reads public content: a revalidation (`If-None-Match`) needs asking first. */
const PUBLIC_READ_PREFLIGHT = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD',
  'Access-Control-Allow-Headers': 'If-None-Match, If-Modified-Since',
  'Access-Control-Max-Age': '86400',
};

/**
 * OPTIONS: the CORS preflight of the reads any web page may make (public content and its feeds). Other
 * routes take no cross-origin calls, so their preflight grants nothing. (`/banner` and the public POSTs
 * are answered by the HTTP front.)
 */
export function handleRestPreflight(req: Request): Response {
  const { path } = restUrlOf(req);
  const raw = matchRawRoute(decodePath(path));
  const anyOrigin = raw ? raw.route.anyOrigin : procedureRouteAccess('GET', path)?.anyOrigin;
  return new Response(null, { status: 204, headers: anyOrigin ? PUBLIC_READ_PREFLIGHT : {} });
}

/**
 * A request refused before its procedure could run (an unreadable or oversized body, unsafe text) is
 * still counted and authenticated as its procedure would be: past the limit it gets 429, without the
 * token its route requires 401, and otherwise `refusal`, with the rate limit headers.
 */
async function refuseBeforeProcedure(ctx: Context, method: string, access: RouteAccess, refusal: Response): Promise<Response> {
  const refused = await limitOrTokenRefusal(ctx, method, access);
  if (refused) return refused;
  if (access.anyOrigin) ctx.resHeaders.set('Access-Control-Allow-Origin', '*');
  for (const [name, value] of ctx.resHeaders) refusal.headers.set(name, value);
  return refusal;
}

/**
 * Counts the request (once: its procedure does not count it again) and checks its token: its 429 past
 * the limit, its 401 without the token its route requires, else nothing.
 */
async function limitOrTokenRefusal(ctx: Context, method: string, access: RouteAccess): Promise<Response | undefined> {
  try {
    await enforceCallLimit(ctx, access.rateLimit);
    ctx.rateLimitCounted = true;
    if (tokenMissing(ctx, access)) throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
    return undefined;
  } catch (error) {
    // a page that may call the route can read why it was refused (the widget its 429's Retry-After)
    if (access.anyOrigin) ctx.resHeaders.set('Access-Control-Allow-Origin', '*');
    const { status, body } = libraryErrorOf(error);
    return errorResponse(status, body, method, ctx.resHeaders);
  }
}

function tokenMissing(ctx: Context, access: RouteAccess): boolean {
  return access.tokenRequired && ctx.actor.kind !== 'project';
}

function takesBody(method: string): boolean {
  return method !== 'GET' && method !== 'DELETE';
}

async function readJsonBody(req: Request, method: string): Promise<unknown> {
  if (!takesBody(method)) return undefined;
  const text = await readUtf8(req, MAX_JSON_BODY_BYTES);
  // a POST whose input is all in its path (republish) has no body, whatever type a client names for it
  if (text === '') return undefined;
  if (!isJsonMediaType(req.headers.get('content-type'))) throw new NotJson();
  return text.trim() === '' ? undefined : JSON.parse(text);
}

/** A body sent as something other than JSON. */
class NotJson extends Error {}

function withJsonContentType(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.set('content-type', 'application/json');
  return copy;
}

/** `application/json` or a `+json` type, with any parameters, in any case (media types are case-insensitive). */
function isJsonMediaType(contentType: string | null): boolean {
  const essence = contentType?.split(';', 1)[0]!.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^application\/[\w.+-]+\+json$/.test(essence);
}

function unsafeInUrl(method: string, segments: string[], query: URLSearchParams): (string | number)[] | null {
  const inPath = segments.findIndex(isUnsafeText);
  if (inPath !== -1) {
    const name = pathParameterAt(method, segments, inPath);
    return name ? ['path', name] : ['path'];
  }
  return findUnsafeQuery(query);
}

function findUnsafeBody(body: unknown): (string | number)[] | null {
  const found = typeof body === 'object' ? findUnsafeText(body) : null;
  return found ? ['body', ...found] : null;
}

function matchRawRoute(segments: string[]) {
  // an encoded slash belongs to its segment: it never separates a raw route's parts
  if (segments.some((segment) => segment.includes('/'))) return undefined;
  const path = segments.join('/');
  for (const route of RAW_ROUTES) {
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1) };
  }
  return undefined;
}

async function bannerResponse(req: Request, url: URL): Promise<Response> {
  const answer = await answerBannerHttp({
    query: url.search.slice(1),
    authorization: req.headers.get('authorization'),
    pageUrl: req.headers.get('x-service-page-url'),
    ifNoneMatch: req.headers.get('if-none-match'),
    clientIp: req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1',
  });
  // Next sets the length of what it sends (compressed or not)
  const { 'Content-Length': _length, ...headers } = answer.headers;
  return new Response(req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers });
}

/**
 * A public document served outside `/api/v1` (a project's llms.txt) as a raw route is: the caller's
 * context and rate limit, ETag/304 and this surface's error bodies.
 */
export async function handlePublicDocument(req: Request, run: (caller: Caller) => Promise<RawAnswer>): Promise<Response> {
  const resHeaders = new Headers({ 'Access-Control-Allow-Origin': '*' });
  return rawResponse(req, await createContext({ headers: req.headers, resHeaders }), run);
}

async function rawResponse(req: Request, ctx: Context, run: (caller: Caller) => Promise<RawAnswer>) {
  let answer: RawAnswer;
  try {
    answer = await run(createCaller(ctx));
  } catch (error) {
    const { status, body } = libraryErrorOf(error);
    return withoutBodyForHead(req, errorResponse(status, body, 'GET', ctx.resHeaders));
  }
  for (const [name, value] of Object.entries(answer.headers)) ctx.resHeaders.set(name, value);
  if (answer.cache) return conditionalResponse(req, answer.body, ctx.resHeaders, answer.cache);
  return new Response(req.method === 'HEAD' ? null : answer.body, { status: 200, headers: ctx.resHeaders });
}

/** `asked`: the procedure's URL as the OpenAPI adapter matches it (without the `/api/v1` prefix), and its query. */
async function procedureResponse(original: Request, ctx: Context, asked: { url: string; query: URLSearchParams }, method: string, body: unknown): Promise<Response> {
  const { url } = asked;
  // a POST without a body (republish takes its id from the path) needs no Content-Type; a body must be
  // JSON, and the library reads the media type case-sensitively, so JSON we accepted reaches it spelled so
  const contentType = original.headers.get('content-type');
  const bodiless = body === undefined && method !== 'GET';
  const respelled = contentType !== null && contentType !== 'application/json' && isJsonMediaType(contentType);
  const requestHeaders = (bodiless && contentType !== 'application/json') || respelled ? withJsonContentType(original.headers) : original.headers;
  const query = queryOf(asked.query);
  const req = new Proxy(original, {
    get: (target, prop) => {
      if (prop === 'url') return url;
      if (prop === 'query') return query;
      if (prop === 'method') return method;
      if (prop === 'body') return body;
      if (prop === 'headers') return requestHeaders;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  contextOf.set(req, ctx);
  const { status, text } = await run(req, ctx.resHeaders);
  const headers = withJson(ctx.resHeaders);
  if (status === 200 && headers.get('cache-control')?.startsWith('public')) return conditionalResponse(original, text, headers);
  if (status < 400) return new Response(original.method === 'HEAD' ? null : text, { status, headers });
  return withoutBodyForHead(original, errorResponse(status, parseErrorBody(text), method, headers));
}

/** HEAD is answered as GET, without the body. */
function withoutBodyForHead(req: Request, response: Response): Response {
  return req.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
}

/**
 * The query as the library reads it (each name to its values), without a prototype: the library's own
 * reader indexes a plain object, where `constructor` or `toString` find Object's members and throw.
 */
function queryOf(params: URLSearchParams): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  for (const [name, value] of params) (query[name] ??= []).push(value);
  return query;
}

function run(req: Request, resHeaders: Headers): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const res: FakeResponse = {
      statusCode: 200,
      setHeader: (name, value) => {
        if (name.toLowerCase() === 'content-type') return;
        for (const v of Array.isArray(value) ? value : [value]) resHeaders.append(name, v);
      },
      end: (text) => resolve({ status: res.statusCode, text: text ?? '' }),
    };
    openApiHandler(req, res).catch(reject);
  });
}

/** The one error mapper of the REST surface (api-v1.md section 7). */
function errorResponse(status: number, body: LibraryErrorBody, method: string, headers: Headers): Response {
  const spec = toSpecError(status, body, method);
  return new Response(JSON.stringify(spec.body), { status: spec.status, headers: withJson(headers) });
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

function parseErrorBody(text: string): LibraryErrorBody {
  try {
    return JSON.parse(text) as LibraryErrorBody;
  } catch {
    return {};
  }
}

function withJson(headers: Headers): Headers {
  headers.set('Content-Type', 'application/json');
  return headers;
}
