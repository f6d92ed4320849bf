import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { createContext } from '../../context';
import { appRouter } from '../../root';
import { toSpecError, type LibraryErrorBody } from './errors';
import { cacheControlFor, successStatusOf } from './routes';
import { conditionalResponse } from '../../content/http-cache';

export const REST_PREFIX = '/api/v1';
const MAX_BODY_BYTES = 5 * 1024 * 1024;

interface RestRequest {
  req: Request;
  resHeaders: Headers;
}

// Built once: the library's own fetch adapter rebuilds its route table on every request.
const openApiHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }: { req: RestRequest['req'] }) =>
    createContext({ headers: req.headers, resHeaders: resHeadersOf.get(req) }),
  responseMeta: ({ paths, errors }: { paths?: string[]; errors: unknown[] }) =>
    errors.length === 0 && paths?.[0] ? { status: successStatusOf(paths[0]), headers: { 'Cache-Control': cacheControlFor(paths[0]) } } : {},
} as never) as unknown as (req: Request, res: FakeResponse) => Promise<void>;

const resHeadersOf = new WeakMap<Request, Headers>();

interface FakeResponse {
  statusCode: number;
  setHeader(name: string, value: string | string[]): void;
  end(body?: string): void;
}

/** Answers every `/api/v1/*` request from the tRPC procedures, with the spec's error bodies. */
export async function handleRestRequest(original: Request): Promise<Response> {
  const url = new URL(original.url);
  const body = await readJsonBody(original);
  if (body instanceof Response) return body;

  const resHeaders = new Headers();
  const req = new Proxy(original, {
    get: (target, prop) => {
      if (prop === 'url') return url.origin + url.pathname.slice(REST_PREFIX.length) + url.search;
      if (prop === 'body') return body.value;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  resHeadersOf.set(req, resHeaders);

  const { status, text } = await run(req, resHeaders);
  if (status === 200 && resHeaders.get('cache-control')?.startsWith('public')) return conditionalResponse(original, text, withJson(resHeaders));
  if (status < 400) return new Response(text, { status, headers: withJson(resHeaders) });
  const spec = toSpecError(status, parseErrorBody(text), original.method);
  return new Response(JSON.stringify(spec.body), { status: spec.status, headers: withJson(resHeaders) });
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

/** Reads a JSON body up front, so size limits and bad JSON get the spec's errors. */
async function readJsonBody(req: Request): Promise<{ value: unknown } | Response> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') return { value: undefined };
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) return tooLarge();
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return tooLarge();
  if (!req.headers.get('content-type')?.includes('application/json')) return { value: text || undefined };
  if (text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return Response.json(
      { detail: [{ loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' }] },
      { status: 422 },
    );
  }
}

function tooLarge() {
  return Response.json({ detail: `Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB` }, { status: 413 });
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
