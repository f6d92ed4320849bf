import { onInvalidation, publishInvalidation } from '../cache-bus';
import { createTtlCache, type TtlCache } from '../ttl-cache';
import type { BannerSource } from './source';

/** How long this process reuses what it read for `/banner`; a publish or take-down on any instance clears it at once. */
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
  if (!globalThis.__shipnoteBannerCaches) {
    const caches: BannerCaches = { sources: createTtlCache(BANNER_CACHE_MS) };
    onInvalidation('banner', () => caches.sources.entries.clear());
    globalThis.__shipnoteBannerCaches = caches;
  }
  return globalThis.__shipnoteBannerCaches;
}

/** Called after every publish and take-down: the next request on every instance reads the database again. */
export function invalidateBannerCache() {
  publishInvalidation('banner');
}
