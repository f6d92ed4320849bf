import { onInvalidation, publishInvalidation } from '../cache-bus';
import { config } from '../config';

/**
 * An in-process cache of published content (objects, pages, feeds), so the hot public GETs neither
 * query nor build twice. Every content write clears it here and, through the invalidation bus, on every
 * other instance within milliseconds; the TTL only bounds how long a lost bus message could matter.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

/** Origins whose answers are kept; see `cached`. */
const MAX_ORIGINS = 8;

interface Store {
  entries: Map<string, Entry>;
  origins: Set<string>;
}

declare global {
  // on globalThis: Next loads this module once per route bundle, and a publish must clear them all
  var __shipnoteContentCache: Store | undefined;
}

function store(): Store {
  if (!globalThis.__shipnoteContentCache) {
    const state: Store = { entries: new Map(), origins: new Set() };
    onInvalidation('content', () => {
      state.entries.clear();
      state.origins.clear();
    });
    globalThis.__shipnoteContentCache = state;
  }
  return globalThis.__shipnoteContentCache;
}

/**
 * The cached value of `key`, or `load()` once for concurrent callers; failures are not kept. Keyed by
 * origin too: pages, feeds and objects hold absolute links, which follow the request's origin while
 * APP_URL is unset (one origin, so one entry, once it is set). Then any private Host is an origin, so
 * only the first few seen since the last write are kept: a client sending a new Host per request would
 * otherwise keep a copy of every feed per Host (830 MB in a review), where now it only gets fresh renders.
 */
export function cached<T>(name: string, load: () => Promise<T>): Promise<T> {
  const origin = config.appUrl;
  const { entries, origins } = store();
  if (!origins.has(origin)) {
    if (origins.size >= MAX_ORIGINS) return load();
    origins.add(origin);
  }
  const key = `${origin} ${name}`;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  const value = load();
  entries.set(key, { expiresAt: now + TTL_MS, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Called by every write to content (publish, unpublish, saves): here at once, elsewhere within milliseconds. */
export function invalidatePublicContent() {
  store();
  publishInvalidation('content');
}
