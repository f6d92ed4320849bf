import { createTtlCache, type TtlCache } from '../ttl-cache';
import type { BannerSource } from './source';

/** How long this process reuses what it read for `/banner`; publish and take-down here clear it at once. */
export const BANNER_CACHE_MS = 5_000;

export { cacheGet, cachePeek } from '../ttl-cache';

interface BannerCaches {
  /** what `/banner` serves, by target: `operator`, `key:<slug>`, `project:<id>` */
  sources: TtlCache<BannerSource>;
}

declare global {
  var __shipnoteBannerCaches: BannerCaches | undefined;
}

/** One set per process: the custom server's fast path and Next's bundles load this module separately. */
export function bannerCaches(): BannerCaches {
  globalThis.__shipnoteBannerCaches ??= { sources: createTtlCache(BANNER_CACHE_MS) };
  return globalThis.__shipnoteBannerCaches;
}

/** Called after every publish and take-down; the next request reads the database again. */
export function invalidateBannerCache() {
  bannerCaches().sources.entries.clear();
}
