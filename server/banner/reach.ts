import { and, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { lockUntilCommit } from '@/db/locks';
import { bannerReach } from '@/db/schema';
import { logError } from '../log';
import { MAX_PAGES_PER_PROJECT, namesWithinCap, OTHER_PAGES } from './page-url';

export type ReachEvent = 'view' | 'click';

interface PendingBanner {
  projectId: string;
  pages: Map<string, { impressions: number; clicks: number }>;
}

declare global {
  var __shipnoteBannerReach: Map<string, PendingBanner> | undefined;
}

/** Pending counts per banner and page, shared by the custom server's code and Next's bundles. */
function pending(): Map<string, PendingBanner> {
  return (globalThis.__shipnoteBannerReach ??= new Map());
}

/** Counts one impression or click in memory; written by the next flush. Only live banners get here. */
export function recordReach(projectId: string, bannerId: string, pageUrl: string, event: ReachEvent) {
  let banner = pending().get(bannerId);
  if (!banner) pending().set(bannerId, (banner = { projectId, pages: new Map() }));
  // bounded in memory too: past the cap, new pages of this flush count as "other pages"
  const key = banner.pages.has(pageUrl) || banner.pages.size < MAX_PAGES_PER_PROJECT ? pageUrl : OTHER_PAGES;
  const counts = banner.pages.get(key) ?? { impressions: 0, clicks: 0 };
  if (event === 'view') counts.impressions++;
  else counts.clicks++;
  banner.pages.set(key, counts);
}

/**
 * Writes the pending counts, one upsert per banner. A page the project already knows (for any of its
 * banners) adds up; a new one is kept while the project has fewer than MAX_PAGES_PER_PROJECT distinct
 * pages, else it counts under OTHER_PAGES. Safe with several instances: counts add up (`x = x +
 * excluded.x`), and a project's flushes take turns, so two instances cannot both fill the same room.
 */
export async function flushReach(db: Database, now = new Date()): Promise<void> {
  const batch = pending();
  globalThis.__shipnoteBannerReach = new Map();
  for (const [bannerId, { projectId, pages }] of batch) {
    try {
      await db.transaction(async (tx) => {
        await lockUntilCommit(tx, `banner-reach ${projectId}`);
        const ofProject = eq(bannerReach.projectId, projectId);
        const urls = [...pages.keys()];
        const known = new Set(
          (await tx.selectDistinct({ url: bannerReach.pageUrl }).from(bannerReach).where(and(ofProject, inArray(bannerReach.pageUrl, urls)))).map((r) => r.url),
        );
        const [{ n }] = (await tx.select({ n: countDistinct(bannerReach.pageUrl) }).from(bannerReach).where(ofProject)) as [{ n: number }];
        const keptAs = namesWithinCap(pages.keys(), known, n);
        const merged = new Map<string, { impressions: number; clicks: number }>();
        for (const [url, counts] of pages) {
          const kept = keptAs.get(url)!;
          const sum = merged.get(kept) ?? { impressions: 0, clicks: 0 };
          merged.set(kept, { impressions: sum.impressions + counts.impressions, clicks: sum.clicks + counts.clicks });
        }
        await tx
          .insert(bannerReach)
          .values([...merged].map(([pageUrl, counts]) => ({ projectId, bannerId, pageUrl, ...counts, lastSeenAt: now })))
          .onConflictDoUpdate({
            target: [bannerReach.bannerId, bannerReach.pageUrl],
            set: {
              impressions: sql`${bannerReach.impressions} + excluded.impressions`,
              clicks: sql`${bannerReach.clicks} + excluded.clicks`,
              lastSeenAt: sql`excluded.last_seen_at`,
            },
          });
      });
    } catch (error) {
      // a banner deleted with its project since the event: its counts go with it
      logError('could not record banner reach', error);
    }
  }
}
