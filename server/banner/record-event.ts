import { clock } from '../clock';
import type { DatabaseRef } from './answer';
import { bannerCaches, cacheGet } from './cache';
import { normalizePageUrl } from './page-url';
import { recordReach } from './reach';
import type { TBannerEventInput } from './schemas';
import { loadBannerSource, targetKey, type BannerSource, type BannerTarget } from './source';

/**
 * The widget's report of an impression or a CTA click. Counted only for the banner live under `key`
 * (or the operator's) whose `published_at` it names, on an http(s) page: anything else is ignored, never
 * an error. Reads what `/banner` has cached (no database round trip on a hit) and writes nothing now:
 * counts are batched in memory and flushed every few seconds.
 */
export async function recordBannerEvent({ db, input, now = clock().now() }: { db: DatabaseRef; input: TBannerEventInput; now?: number }): Promise<{ counted: boolean }> {
  const target: BannerTarget = input.key ? { kind: 'key', slug: input.key } : { kind: 'operator' };
  const source = await cacheGet(bannerCaches().sources, targetKey(target), async () => loadBannerSource(await db, target), now);
  return { counted: count(source, input, now) };
}

function count(source: BannerSource, input: TBannerEventInput, now: number): boolean {
  const { banner, bannerId, projectId } = source;
  if (!banner || !bannerId || !projectId || !banner.published_at) return false;
  if (source.expiresAtMs !== null && now >= source.expiresAtMs) return false;
  if (Date.parse(banner.published_at) !== Date.parse(input.published_at)) return false;
  const page = normalizePageUrl(input.page_url);
  if (!page) return false;
  recordReach(projectId, bannerId, page, input.type);
  return true;
}
