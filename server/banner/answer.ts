import { createHash } from 'node:crypto';
import type { Database } from '@/db/client';
import { authenticateBearer } from '../api-tokens/authenticate';
import { AppError } from '../errors';
import { bannerCaches } from './cache';
import { NO_LIVE_BANNER } from './internal';
import { recordPageUrl } from './page-url';
import type { TBanner } from './schemas';
import { loadBannerSource, targetKey, type BannerTarget } from './source';

/** How long browsers and CDNs may reuse an answer, and serve it stale while they revalidate. */
export const BANNER_MAX_AGE = 10;
export const BANNER_STALE_WHILE_REVALIDATE = 60;

export interface BannerRequest {
  authorization: string | null;
  key: string | undefined;
  pageUrl: string | null;
}

export interface BannerAnswer {
  status: 200 | 404;
  banner: TBanner | null;
  /** the exact response body */
  body: string;
  etag: string | null;
  headers: Record<string, string>;
}

const NOT_FOUND_BODY = JSON.stringify({ detail: NO_LIVE_BANNER });

/**
 * The one function that answers `GET /banner`, for the fast path and the REST procedure alike.
 * Throws AppError UNAUTHORIZED for a token that does not authenticate.
 */
export async function answerBannerRequest(db: Database, request: BannerRequest, now = Date.now()): Promise<BannerAnswer> {
  const target = await resolveTarget(db, request, now);
  const source = await bannerCaches().sources.get(targetKey(target), () => loadBannerSource(db, target), now);
  recordPageUrl(db, source, request.pageUrl, now);
  const live = source.banner !== null && (source.expiresAtMs === null || now < source.expiresAtMs);
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl(target.kind === 'project' ? 'private' : 'public', live ? source.expiresAtMs : null, now),
    Vary: 'Authorization',
    'Access-Control-Allow-Origin': '*',
  };
  if (!live) return { status: 404, banner: null, body: NOT_FOUND_BODY, etag: null, headers };
  headers.ETag = source.etag!;
  return { status: 200, banner: source.banner, body: source.json!, etag: source.etag, headers };
}

async function resolveTarget(db: Database, request: BannerRequest, now: number): Promise<BannerTarget> {
  const authorization = request.authorization?.trim();
  if (authorization) {
    const cacheKey = createHash('sha256').update(authorization).digest('base64url');
    const caller = await bannerCaches().tokens.get(cacheKey, () => authenticateBearer(db, authorization), now);
    if (!caller) throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
    return { kind: 'project', projectId: caller.projectId };
  }
  return request.key ? { kind: 'key', slug: request.key } : { kind: 'operator' };
}

/** Never lets a cache keep a banner past its take-down time: both lifetimes end at `expires_at`. */
function cacheControl(scope: 'public' | 'private', expiresAtMs: number | null, now: number): string {
  const left = expiresAtMs === null ? Infinity : Math.max(0, Math.floor((expiresAtMs - now) / 1000));
  const maxAge = Math.min(BANNER_MAX_AGE, left);
  const stale = Math.min(BANNER_STALE_WHILE_REVALIDATE, left - maxAge);
  return `${scope}, max-age=${maxAge}, stale-while-revalidate=${stale}`;
}

/** True when `If-None-Match` names the current ETag (weak comparison, `*` included). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string | null): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
