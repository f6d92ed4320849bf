import { hash } from 'node:crypto';
import type { Database } from '@/db/client';
import { onInvalidation, publishInvalidation } from '../cache-bus';
import { cacheGet, cachePeek, createTtlCache, type TtlCache } from '../ttl-cache';
import { lookupBearer, type BearerCaller } from './bearer';

/**
 * Verified bearer tokens are reused for a second: a revocation clears the cache of every instance at
 * once (`forgetCredentials` through the cache bus), and the second bounds it when the bus is down.
 */
const CREDENTIALS_TTL_MS = 1_000;

declare global {
  var __shipnoteCredentials: TtlCache<BearerCaller | null> | undefined;
}

function credentials() {
  if (!globalThis.__shipnoteCredentials) {
    const cache = createTtlCache<BearerCaller | null>(CREDENTIALS_TTL_MS);
    onInvalidation('credentials', () => cache.entries.clear());
    globalThis.__shipnoteCredentials = cache;
  }
  return globalThis.__shipnoteCredentials;
}

/** Tokens are cached under a hash, so no bearer secret is kept in memory as a map key. */
function keyOf(token: string, mcpResource: string | null) {
  return `${hash('sha256', token, 'base64url')} ${mcpResource ?? ''}`;
}

export function verifyBearer(db: Database | Promise<Database>, token: string, mcpResource: string | null, now = Date.now()) {
  return cacheGet(credentials(), keyOf(token, mcpResource), async () => lookupBearer(await db, token, mcpResource), now);
}

/** The cached verdict on a token, synchronously (the banner's fast path); undefined when not cached. */
export function peekBearer(token: string, mcpResource: string | null, now = Date.now()) {
  return cachePeek(credentials(), keyOf(token, mcpResource), now);
}

/** Called by every revocation (API key, OAuth grant, membership): the next request on every instance checks again. */
export function forgetCredentials() {
  publishInvalidation('credentials');
}
