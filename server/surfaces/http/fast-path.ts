import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZodError } from 'zod';
import { getDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { answerBannerRequest, matchesEtag, type BannerAnswer } from '../../banner/answer';
import { ZBannerQuery } from '../../banner/schemas';
import { config } from '../../config';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { toSpecError } from '../rest/errors';
import { serveWidget } from './widget-asset';

const BANNER_PATH = '/api/v1/banner';

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, X-Service-Page-Url',
  'Access-Control-Max-Age': '86400',
};

/**
 * The hot public GETs, answered before Next (whose pipeline costs about 1 ms a request): `/api/v1/banner`
 * through the same domain answer, rate limiter and error bodies as the REST route, and `/widget.js`.
 * Returns false for everything else, which Next then handles.
 */
export function handleFastPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === '/widget.js' && (req.method === 'GET' || req.method === 'HEAD')) {
    serveWidget(req, res);
    return true;
  }
  if (path !== BANNER_PATH) return false;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, PREFLIGHT_HEADERS).end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  try {
    serveBanner(req, res, q === -1 ? '' : url.slice(q + 1));
  } catch (error) {
    fail(req, res, error, {});
  }
  return true;
}

/** enforceRateLimit writes its headers here: undici's Headers costs microseconds this path cannot spare. */
class HeaderBag {
  readonly values: Record<string, string> = {};
  set(name: string, value: string) {
    this.values[name] = value;
  }
  get(name: string): string | null {
    return this.values[name] ?? null;
  }
}

let rateLimitsOn: boolean | undefined;

function serveBanner(req: IncomingMessage, res: ServerResponse, query: string) {
  const bag = new HeaderBag();
  // read once (process.env is slow); with limits off a cached answer is written without a single promise
  rateLimitsOn ??= config.rateLimitEnabled;
  if (!rateLimitsOn) return respond(req, res, query, bag.values);
  const ctx = { clientIp: String(req.headers[CLIENT_IP_HEADER] ?? '127.0.0.1'), resHeaders: bag as unknown as Headers };
  enforceRateLimit(ctx, 'general')
    .then(() => respond(req, res, query, bag.values))
    .catch((error) => fail(req, res, error, bag.values));
}

function respond(req: IncomingMessage, res: ServerResponse, query: string, rateHeaders: Record<string, string>) {
  let answer: BannerAnswer | Promise<BannerAnswer>;
  try {
    const input = query ? ZBannerQuery.parse(queryInput(query)) : {};
    answer = answerBannerRequest(database(), {
      authorization: req.headers.authorization ?? null,
      key: input.key,
      pageUrl: headerValue(req.headers['x-service-page-url']),
    });
  } catch (error) {
    return fail(req, res, error, rateHeaders);
  }
  if (!(answer instanceof Promise)) return write(req, res, answer, rateHeaders);
  answer.then((loaded) => write(req, res, loaded, rateHeaders)).catch((error) => fail(req, res, error, rateHeaders));
}

function write(req: IncomingMessage, res: ServerResponse, answer: BannerAnswer, rateHeaders: Record<string, string>) {
  const headers = Object.assign(rateHeaders, answer.headers);
  if (answer.status === 200 && matchesEtag(headerValue(req.headers['if-none-match']), answer.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  send(req, res, answer.status, headers, answer.body);
}

/** The same error bodies as the REST adapter: AppError -> {detail}, a bad query -> 422 with its location. */
function fail(req: IncomingMessage, res: ServerResponse, error: unknown, rateHeaders: Record<string, string>) {
  if (error instanceof AppError) return send(req, res, error.status, rateHeaders, JSON.stringify({ detail: error.message }));
  if (error instanceof ZodError) {
    const spec = toSpecError(422, { issues: error.issues }, 'GET');
    return send(req, res, spec.status, rateHeaders, JSON.stringify(spec.body));
  }
  logError('banner fast path failed', error);
  if (res.headersSent) res.destroy();
  else send(req, res, 500, {}, '{"detail":"Internal Server Error"}');
}

let databaseRef: { from: Promise<DatabaseHandle>; db: Promise<Database> } | undefined;

/** One promise of the database per process database, not one per request. */
function database(): Promise<Database> {
  const from = getDatabase();
  if (databaseRef?.from !== from) databaseRef = { from, db: from.then((handle) => handle.db) };
  return databaseRef.db;
}

/** The query as trpc-to-openapi reads it: a repeated parameter becomes an array (and fails validation). */
function queryInput(query: string): Record<string, string | string[]> {
  // the widget's own query needs no general parser: nothing in it is encoded
  if (query.startsWith('key=') && !/[&%+]/.test(query)) return { key: query.slice(4) };
  const input: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const seen = input[name];
    input[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return input;
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string) {
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
