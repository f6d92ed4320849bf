interface Entry<T> {
  at: number;
  value: Promise<T>;
  /** set once the load succeeded, so hits can be answered without a promise */
  settled?: { value: T };
}

/**
 * A short-lived map of promises: concurrent misses share one load, and a failed load is not kept.
 * Plain data only: the custom server and Next's bundles each load their own copy of this module.
 */
export interface TtlCache<T> {
  ttlMs: number;
  maxEntries: number;
  entries: Map<string, Entry<T>>;
}

export function createTtlCache<T>(ttlMs: number, maxEntries = 10_000): TtlCache<T> {
  return { ttlMs, maxEntries, entries: new Map() };
}

export function cacheGet<T>(cache: TtlCache<T>, key: string, load: () => Promise<T>, now: number): Promise<T> {
  const hit = cache.entries.get(key);
  if (hit && isFresh(cache, hit, now)) return hit.value;
  if (cache.entries.size >= cache.maxEntries) cache.entries.delete(cache.entries.keys().next().value!);
  const value = load();
  const entry: Entry<T> = { at: now, value };
  cache.entries.set(key, entry);
  value.then(
    (loaded) => void (entry.settled = { value: loaded }),
    () => {
      if (cache.entries.get(key) === entry) cache.entries.delete(key);
    },
  );
  return value;
}

/** A fresh, already loaded value, synchronously; undefined on a miss or while loading. */
export function cachePeek<T>(cache: TtlCache<T>, key: string, now: number): { value: T } | undefined {
  const hit = cache.entries.get(key);
  return hit && isFresh(cache, hit, now) ? hit.settled : undefined;
}

/** Loaded less than `ttlMs` ago; a clock set back does not keep an entry fresh. */
function isFresh<T>(cache: TtlCache<T>, entry: Entry<T>, now: number): boolean {
  return now >= entry.at && now - entry.at < cache.ttlMs;
}
