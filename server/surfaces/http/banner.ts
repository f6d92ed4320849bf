import { ZodError } from 'zod';
import { getDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { answerBannerRequest, type BannerAnswer } from '../../banner/answer';
import { ZBannerQuery } from '../../banner/schemas';
import { config } from '../../config';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { toSpecError } from '../rest/errors';
import { matchesIfNoneMatch } from './conditional';

/** What `GET /banner` reads of a request: plain values, so node's and fetch's requests both fit. */
export interface BannerHttpRequest {
  query: string;
  authorization: string | null;
  pageUrl: string | null;
  ifNoneMatch: string | null;
  clientIp: string;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for 304; HEAD drops it where the answer is written */
  body: string | null;
}

export const BANNER_PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, X-Service-Page-Url',
  'Access-Control-Max-Age': '86400',
};

/** The widget's impression and click reports (`POST /banner/events`) are JSON: browsers ask first. */
export const BANNER_EVENTS_PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
};

/**
 * The one `GET /banner` of the service, for the fast path in front of Next and the REST entry alike:
 * rate limit, query, the domain's answer, then ETag/304 and caching headers. A cached answer with
 * limits off is returned synchronously: the hot path makes no promise at all.
 */
export function answerBannerHttp(request: BannerHttpRequest): HttpAnswer | Promise<HttpAnswer> {
  rateLimitsOn ??= config.rateLimitEnabled; // read once: process.env is slow
  if (!rateLimitsOn) return settle(request, {});
  const bag = new HeaderBag();
  return enforceRateLimit({ clientIp: request.clientIp, resHeaders: bag as unknown as Headers }, 'general')
    .then(() => settle(request, bag.values))
    .catch((error) => failure(error, bag.values));
}

let rateLimitsOn: boolean | undefined;

/** enforceRateLimit writes its headers here: undici's Headers costs microseconds this path cannot spare. */
export class HeaderBag {
  readonly values: Record<string, string> = {};
  set(name: string, value: string) {
    this.values[name] = value;
  }
  get(name: string): string | null {
    return this.values[name] ?? null;
  }
}

function settle(request: BannerHttpRequest, rateHeaders: Record<string, string>): HttpAnswer | Promise<HttpAnswer> {
  let answer: BannerAnswer | Promise<BannerAnswer>;
  try {
    const input = request.query ? ZBannerQuery.parse(queryInput(request.query)) : {};
    answer = answerBannerRequest(database(), { authorization: request.authorization, key: input.key, pageUrl: request.pageUrl });
  } catch (error) {
    return failure(error, rateHeaders);
  }
  if (!(answer instanceof Promise)) return toHttp(answer, request, rateHeaders);
  return answer.then((loaded) => toHttp(loaded, request, rateHeaders)).catch((error) => failure(error, rateHeaders));
}

function toHttp(answer: BannerAnswer, request: BannerHttpRequest, rateHeaders: Record<string, string>): HttpAnswer {
  const headers = Object.assign(rateHeaders, headersOf(answer));
  if (answer.status === 200 && matchesIfNoneMatch(request.ifNoneMatch, answer.etag)) return { status: 304, headers, body: null };
  return { status: answer.status, headers: { ...headers, 'Content-Type': 'application/json' }, body: answer.body };
}

const headersByAnswer = new WeakMap<BannerAnswer, Record<string, string>>();

/** Answers are shared while cached, and so are their headers: built once per answer. */
function headersOf(answer: BannerAnswer): Record<string, string> {
  let headers = headersByAnswer.get(answer);
  if (!headers) {
    headers = {
      'Cache-Control': `${answer.scope}, max-age=${answer.freshSeconds}, stale-while-revalidate=${answer.staleSeconds}`,
      Vary: 'Authorization',
      'Access-Control-Allow-Origin': '*',
    };
    if (answer.etag) headers.ETag = answer.etag;
    headersByAnswer.set(answer, headers);
  }
  return headers;
}

/** The REST surface's error bodies: AppError -> {detail}, a bad query -> 422 with its location. */
function failure(error: unknown, rateHeaders: Record<string, string>): HttpAnswer {
  const headers = { ...rateHeaders, 'Content-Type': 'application/json' };
  if (error instanceof AppError) return { status: error.status, headers, body: JSON.stringify({ detail: error.message }) };
  if (error instanceof ZodError) {
    const spec = toSpecError(422, { issues: error.issues }, 'GET');
    return { status: spec.status, headers, body: JSON.stringify(spec.body) };
  }
  logError('GET /banner failed', error);
  return { status: 500, headers, body: '{"detail":"Internal Server Error"}' };
}

let databaseRef: { from: Promise<DatabaseHandle>; db: Promise<Database> } | undefined;

/** One promise of the database per process database, not one per request. */
function database(): Promise<Database> {
  const from = getDatabase();
  if (databaseRef?.from !== from) databaseRef = { from, db: from.then((handle) => handle.db) };
  return databaseRef.db;
}

/** The query as the REST routes read it: a repeated parameter becomes an array (and fails validation). */
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
