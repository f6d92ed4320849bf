import type { Database } from '@/db/client';
import { parseBearer, type BearerCaller } from '../auth/bearer';
import { clock } from '../clock';
import { peekBearer, verifyBearer } from '../auth/credentials-cache';
import { AppError } from '../errors';
import { bannerCaches, cacheGet, cachePeek } from './cache';
import { NO_LIVE_BANNER } from './internal';
import { recordPageView } from './page-url';
import { loadBannerSource, targetKey, type BannerAnswer, type BannerSource, type BannerTarget } from './source';

export type { BannerAnswer } from './source';

/** How long browsers and CDNs may reuse an answer, and serve it stale while they revalidate. */
export const BANNER_MAX_AGE = 10;
export const BANNER_STALE_WHILE_REVALIDATE = 60;

export interface BannerRequest {
  authorization: string | null;
  key: string | undefined;
  pageUrl: string | null;
}


const NOT_FOUND_BODY = JSON.stringify({ detail: NO_LIVE_BANNER });

/** The database, or the promise of it: a cached answer never waits for it. */
export type DatabaseRef = Database | Promise<Database>;

/**
 * The one function that answers `GET /banner`, for the fast path and the REST procedure alike. A hit in
 * the in-process cache is answered synchronously (no promise on the hot path); a miss loads and returns a
 * promise. Throws (or rejects with) AppError UNAUTHORIZED for a token that does not authenticate.
 */
export function answerBannerRequest(db: DatabaseRef, request: BannerRequest, now = clock().now()): BannerAnswer | Promise<BannerAnswer> {
  const caches = bannerCaches();
  const token = request.authorization ? (parseBearer(request.authorization) ?? '') : undefined;
  const caller = token ? peekBearer(token, null, now) : undefined;
  const target = token !== undefined ? caller && projectTarget(caller.value) : keyOrOperator(request);
  const source = target && cachePeek(caches.sources, targetKey(target), now);
  if (target && source) return toAnswer(db, target, source.value, request, now);
  return answerAfterLoading(db, request, token, now);
}

async function answerAfterLoading(db: DatabaseRef, request: BannerRequest, token: string | undefined, now: number) {
  const caches = bannerCaches();
  const database = await db;
  const target = token !== undefined ? projectTarget(token ? await verifyBearer(database, token, null, now) : null) : keyOrOperator(request);
  const source = await cacheGet(caches.sources, targetKey(target), () => loadBannerSource(database, target), now);
  return toAnswer(db, target, source, request, now);
}

function toAnswer(db: DatabaseRef, target: BannerTarget, source: BannerSource, request: BannerRequest, now: number): BannerAnswer {
  recordPageView(source, request.pageUrl);
  const live = source.banner !== null && (source.expiresAtMs === null || now < source.expiresAtMs);
  const scope = target.kind === 'project' ? 'private' : 'public';
  const { freshSeconds, staleSeconds } = lifetimes(live ? source.expiresAtMs : null, now);
  // one answer per scope while nothing in it changes: toward a scheduled take-down the lifetimes shrink
  // once a second, and at it the answer becomes a 404; every other answer stays as it is while cached
  const answers = (source.answers ??= {});
  const last = answers[scope];
  if (last && last.status === (live ? 200 : 404) && last.freshSeconds === freshSeconds && last.staleSeconds === staleSeconds) return last;
  return (answers[scope] = buildAnswer(source, scope, live, freshSeconds, staleSeconds));
}

function buildAnswer(source: BannerSource, scope: 'public' | 'private', live: boolean, freshSeconds: number, staleSeconds: number): BannerAnswer {
  if (!live) return { status: 404, banner: null, body: NOT_FOUND_BODY, etag: null, scope, freshSeconds, staleSeconds };
  return { status: 200, banner: source.banner, body: source.json!, etag: source.etag, scope, freshSeconds, staleSeconds };
}

function projectTarget(caller: BearerCaller | null): BannerTarget {
  if (!caller) throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
  return { kind: 'project', projectId: caller.projectId };
}

function keyOrOperator(request: BannerRequest): BannerTarget {
  return request.key ? { kind: 'key', slug: request.key } : { kind: 'operator' };
}

/** Never lets a cache keep a banner past its take-down time: both lifetimes end at `expires_at`. */
function lifetimes(expiresAtMs: number | null, now: number) {
  const left = expiresAtMs === null ? Infinity : Math.max(0, Math.floor((expiresAtMs - now) / 1000));
  const freshSeconds = Math.min(BANNER_MAX_AGE, left);
  return { freshSeconds, staleSeconds: Math.min(BANNER_STALE_WHILE_REVALIDATE, left - freshSeconds) };
}
