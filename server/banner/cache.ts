import type { BearerCaller } from '../api-tokens/authenticate';
import type { BannerSource } from './source';

/** How long this process reuses what it read for `/banner`; publish and take-down here clear it at once. */
export const BANNER_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
  /** set once the load succeeded, so hits can be answered without a promise */
  settled?: { value: T };
}

/**
 * A short-lived map of promises: concurrent misses share one load, and a failed load is not kept.
 * Plain data only: the custom server and Next's bundles each run their own copy of these functions.
 */
export type TtlCache<T> = Map<string, Entry<T>>;

export function cacheGet<T>(cache: TtlCache<T>, key: string, load: () => Promise<T>, now: number): Promise<T> {
  const hit = cache.get(key);
  if (hit && now - hit.at < BANNER_CACHE_MS) return hit.value;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  const value = load();
  const entry: Entry<T> = { at: now, value };
  cache.set(key, entry);
  value.then(
    (loaded) => void (entry.settled = { value: loaded }),
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return value;
}

/** A fresh, already loaded value, synchronously; undefined on a miss or while loading. */
export function cachePeek<T>(cache: TtlCache<T>, key: string, now: number): { value: T } | undefined {
  const hit = cache.get(key);
  return hit && now - hit.at < BANNER_CACHE_MS ? hit.settled : undefined;
}

interface BannerCaches {
  /** what `/banner` serves, by target: `operator`, `key:<slug>`, `project:<id>` */
  sources: TtlCache<BannerSource>;
  /** bearer token (hashed) to its project, or null for a token that does not authenticate */
  tokens: TtlCache<BearerCaller | null>;
  /** per project, the page URL last written and when, and the last raw header seen */
  pageUrls: Map<string, { url: string | null; at: number; raw?: string }>;
}

declare global {
  var __shipnoteBannerCaches: BannerCaches | undefined;
}

/** One set per process: the custom server's fast path and Next's bundles load this module separately. */
export function bannerCaches(): BannerCaches {
  globalThis.__shipnoteBannerCaches ??= { sources: new Map(), tokens: new Map(), pageUrls: new Map() };
  return globalThis.__shipnoteBannerCaches;
}

/** Called after every publish and take-down; the next request reads the database again. */
export function invalidateBannerCache() {
  bannerCaches().sources.clear();
}
