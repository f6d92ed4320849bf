import { and, eq, sql } from 'drizzle-orm';
import { bannerEmbeds } from '@/db/schema';
import { logError } from '../log';
import { bannerCaches } from './cache';
import type { DatabaseRef } from './answer';
import type { BannerSource } from './source';

/** A site shows its banner on many pages: record a new one at most once a minute per project. */
export const PAGE_URL_INTERVAL_MS = 60_000;

/**
 * The `X-Service-Page-Url` worth keeping: an http(s) URL of at most 2048 characters, without query or
 * fragment (they vary per visitor and may carry personal data). Anything else is ignored, not refused.
 */
export function normalizePageUrl(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin + url.pathname;
  } catch {
    return null;
  }
}

/** Records where the banner is rendered, only when that changed, off the request's critical path. */
export function recordPageUrl(db: DatabaseRef, source: BannerSource, raw: string | null, now: number) {
  if (!raw || !source.projectId) return;
  const memo = bannerCaches().pageUrls;
  const last = memo.get(source.projectId) ?? { url: source.pageUrl, at: 0 };
  if (raw === last.raw) return; // the widget sends the same value on every view of a page
  const url = normalizePageUrl(raw);
  if (!url || url === last.url) return void memo.set(source.projectId, { ...last, raw });
  if (now - last.at < PAGE_URL_INTERVAL_MS) return;
  memo.set(source.projectId, { url, at: now, raw });
  void writePageUrl(db, source.projectId, url, now);
}

async function writePageUrl(db: DatabaseRef, projectId: string, url: string, now: number) {
  try {
    await (await db)
      .update(bannerEmbeds)
      .set({ pageUrl: url, pageUrlSeenAt: new Date(now) })
      .where(and(eq(bannerEmbeds.projectId, projectId), sql`${bannerEmbeds.pageUrl} is distinct from ${url}`));
  } catch (error) {
    logError('could not record the banner page URL', error);
  }
}
