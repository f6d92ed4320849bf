import type { BearerCaller } from '../api-tokens/authenticate';
import type { BannerSource } from './source';

/** How long this process reuses what it read for `/banner`; publish and take-down here clear it at once. */
export const BANNER_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** A short-lived map of promises: concurrent misses share one load, and a failed load is not kept. */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

interface BannerCaches {
  /** what `/banner` serves, by target: `operator`, `key:<slug>`, `project:<id>` */
  sources: TtlCache<BannerSource>;
  /** bearer token (hashed) to its project, or null for a token that does not authenticate */
  tokens: TtlCache<BearerCaller | null>;
  /** per project, the page URL last written and when: writes happen only when it changes */
  pageUrls: Map<string, { url: string; at: number }>;
}

declare global {
  var __shipnoteBannerCaches: BannerCaches | undefined;
}

/** One set per process: the custom server's fast path and Next's bundles load this module separately. */
export function bannerCaches(): BannerCaches {
  globalThis.__shipnoteBannerCaches ??= {
    sources: new TtlCache(BANNER_CACHE_MS),
    tokens: new TtlCache(BANNER_CACHE_MS),
    pageUrls: new Map(),
  };
  return globalThis.__shipnoteBannerCaches;
}

/** Called after every publish and take-down; the next request reads the database again. */
export function invalidateBannerCache() {
  bannerCaches().sources.clear();
}
