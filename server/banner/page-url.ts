import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { lockUntilCommit } from '@/db/locks';
import { bannerPageViews } from '@/db/schema';
import { logError } from '../log';
import type { BannerSource } from './source';

/** Views are counted in memory and written every few seconds: one statement per flush, not per view. */
export const PAGE_VIEW_FLUSH_MS = 5_000;
/** Distinct pages kept per project; a stranger sending made-up URLs fills at most this many rows. */
export const MAX_PAGES_PER_PROJECT = 1_000;
/** Where views of pages beyond the cap are counted. */
export const OTHER_PAGES = '(other pages)';

/**
 * The `X-Service-Page-Url` worth counting: an http(s) URL of at most 2048 characters, without query or
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

/**
 * How the dashboard and the tools show a reported page: with its host, and `trusted` (shown as a link)
 * only when its origin is one the project lists as its own site: anyone with the key can report any URL.
 */
export function describePage(url: string, siteOrigins: ReadonlySet<string>): { host: string; trusted: boolean } {
  const origin = url === OTHER_PAGES ? null : new URL(url).origin;
  return { host: origin ? new URL(origin).host : url, trusted: origin !== null && siteOrigins.has(origin) };
}

declare global {
  var __shipnoteBannerViews: Map<string, Map<string, number>> | undefined;
}

/** Pending counts per project and page, shared by the fast path and Next's bundles of this process. */
function pending(): Map<string, Map<string, number>> {
  return (globalThis.__shipnoteBannerViews ??= new Map());
}

/** Counts one view of the banner on the page the widget reported; nothing is awaited. */
export function recordPageView(source: BannerSource, raw: string | null) {
  if (!raw || !source.projectId) return;
  const url = normalizePageUrl(raw);
  if (!url) return;
  const pages = pending().get(source.projectId) ?? new Map<string, number>();
  pending().set(source.projectId, pages);
  // bounded in memory too: past the cap, new pages of this flush count as "other pages"
  const key = pages.has(url) || pages.size < MAX_PAGES_PER_PROJECT ? url : OTHER_PAGES;
  pages.set(key, (pages.get(key) ?? 0) + 1);
}

/**
 * Writes the pending counts: pages already known add up; new ones are inserted while the project has
 * room, the rest go to OTHER_PAGES. Safe with several instances: counts add up (`views = views +
 * excluded.views`), and a project's flushes take turns, so two instances cannot both fill the same room.
 */
export async function flushPageViews(db: Database, now = new Date()): Promise<void> {
  const batch = pending();
  globalThis.__shipnoteBannerViews = new Map();
  for (const [projectId, pages] of batch) {
    try {
      await db.transaction(async (tx) => {
        await lockUntilCommit(tx, `banner-page-views ${projectId}`);
        const urls = [...pages.keys()];
        const known = new Set(
          (await tx.select({ url: bannerPageViews.pageUrl }).from(bannerPageViews).where(and(eq(bannerPageViews.projectId, projectId), inArray(bannerPageViews.pageUrl, urls)))).map((r) => r.url),
        );
        const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(bannerPageViews).where(eq(bannerPageViews.projectId, projectId))) as [{ n: number }];
        const keptAs = namesWithinCap(pages.keys(), known, n);
        const counts = new Map<string, number>();
        for (const [url, views] of pages) {
          const kept = keptAs.get(url)!;
          counts.set(kept, (counts.get(kept) ?? 0) + views);
        }
        await tx
          .insert(bannerPageViews)
          .values([...counts].map(([pageUrl, views]) => ({ projectId, pageUrl, views, firstSeenAt: now, lastSeenAt: now })))
          .onConflictDoUpdate({
            target: [bannerPageViews.projectId, bannerPageViews.pageUrl],
            set: { views: sql`${bannerPageViews.views} + excluded.views`, lastSeenAt: sql`excluded.last_seen_at` },
          });
      });
    } catch (error) {
      logError('could not record banner page views', error);
    }
  }
}

/**
 * The name each reported page is counted under: its own while the project knows it or still has room
 * for new pages (`storedPages` of MAX_PAGES_PER_PROJECT), else OTHER_PAGES.
 */
export function namesWithinCap(urls: Iterable<string>, known: ReadonlySet<string>, storedPages: number): Map<string, string> {
  let room = MAX_PAGES_PER_PROJECT - storedPages;
  const names = new Map<string, string>();
  for (const url of urls) names.set(url, known.has(url) || (url !== OTHER_PAGES && room-- > 0) ? url : OTHER_PAGES);
  return names;
}

/** The most viewed pages of a project, newest first among equals. */
export function topPages(db: Database, projectId: string, limit = 20) {
  return db
    .select({ url: bannerPageViews.pageUrl, views: bannerPageViews.views, lastSeenAt: bannerPageViews.lastSeenAt })
    .from(bannerPageViews)
    .where(eq(bannerPageViews.projectId, projectId))
    .orderBy(desc(bannerPageViews.views), desc(bannerPageViews.lastSeenAt))
    .limit(limit);
}
