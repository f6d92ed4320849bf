import { ZodError } from 'zod';
import { getDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { answerBannerRequest, type BannerAnswer } from '../../banner/answer';
import { ZBannerQuery, type TBannerQuery } from '../../banner/schemas';
import { config } from '../../config';
import { AppError } from '../../errors';
import { boundedMemo } from '../../bounded-memo';
import { logError } from '../../log';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { findUnsafeQuery, unsafeTextDetail } from '../body';
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
  /** every header to send, `Content-Length` included: the fast path writes them as they are */
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
  if (!rateLimitsOn) return settle(request, null);
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

function settle(request: BannerHttpRequest, rateHeaders: Record<string, string> | null): HttpAnswer | Promise<HttpAnswer> {
  // counted like any other request, as the REST entry counts it; only an encoded query can carry a NUL or a
  // lone surrogate, and `__proto__` would vanish into the parsed query's prototype
  const suspect = request.query.includes('%') || request.query.includes('__proto__');
  const unsafe = suspect ? findUnsafeQuery(new URLSearchParams(request.query)) : null;
  if (unsafe) {
    const body = JSON.stringify(unsafeTextDetail(unsafe));
    return { status: 422, headers: withJsonBody(rateHeaders ?? {}, body), body };
  }
  let answer: BannerAnswer | Promise<BannerAnswer>;
  try {
    const input = request.query ? bannerQuery(request.query) : {};
    answer = answerBannerRequest(database(), { authorization: request.authorization, key: input.key, pageUrl: request.pageUrl });
  } catch (error) {
    return failure(error, rateHeaders);
  }
  if (!(answer instanceof Promise)) return toHttp(answer, request, rateHeaders);
  return answer.then((loaded) => toHttp(loaded, request, rateHeaders)).catch((error) => failure(error, rateHeaders));
}

function toHttp(answer: BannerAnswer, request: BannerHttpRequest, rateHeaders: Record<string, string> | null): HttpAnswer {
  const { full, notModified } = httpAnswersOf(answer);
  const chosen = answer.status === 200 && matchesIfNoneMatch(request.ifNoneMatch, answer.etag) ? notModified : full;
  return rateHeaders ? { ...chosen, headers: { ...rateHeaders, ...chosen.headers } } : chosen;
}

const httpAnswersByAnswer = new WeakMap<BannerAnswer, { full: HttpAnswer; notModified: HttpAnswer }>();

/** Answers are shared while cached, and so are their HTTP forms (200 or 404, and 304): built once per answer. */
function httpAnswersOf(answer: BannerAnswer) {
  let built = httpAnswersByAnswer.get(answer);
  if (!built) {
    const caching: Record<string, string> = {
      'Cache-Control': `${answer.scope}, max-age=${answer.freshSeconds}, stale-while-revalidate=${answer.staleSeconds}`,
      Vary: 'Authorization',
      'Access-Control-Allow-Origin': '*',
    };
    if (answer.etag) caching.ETag = answer.etag;
    built = {
      full: { status: answer.status, headers: withJsonBody(caching, answer.body), body: answer.body },
      notModified: { status: 304, headers: caching, body: null },
    };
    httpAnswersByAnswer.set(answer, built);
  }
  return built;
}

function withJsonBody(headers: Record<string, string>, body: string): Record<string, string> {
  return { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) };
}

/** The REST surface's error bodies: AppError -> {detail}, a bad query -> 422 with its location. */
function failure(error: unknown, rateHeaders: Record<string, string> | null): HttpAnswer {
  const answer = (status: number, body: string) => ({ status, headers: withJsonBody(rateHeaders ?? {}, body), body });
  if (error instanceof AppError) return answer(error.status, JSON.stringify({ detail: error.message }));
  if (error instanceof ZodError) {
    const spec = toSpecError(422, { issues: error.issues }, 'GET');
    return answer(spec.status, JSON.stringify(spec.body));
  }
  logError('GET /banner failed', error);
  return answer(500, '{"detail":"Internal Server Error"}');
}

let databaseRef: { from: Promise<DatabaseHandle>; db: Promise<Database> } | undefined;

/** One promise of the database per process database, not one per request. */
function database(): Promise<Database> {
  const from = getDatabase();
  if (databaseRef?.from !== from) databaseRef = { from, db: from.then((handle) => handle.db) };
  return databaseRef.db;
}

/**
 * The validated query. Every widget on a site sends the same few query strings, so the ones that passed
 * are kept and not parsed again; a bad one throws the ZodError the caller maps to 422, and is not kept.
 */
const bannerQuery = boundedMemo((query): TBannerQuery => ZBannerQuery.parse(queryInput(query)), { maxEntries: 1_000 });

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
