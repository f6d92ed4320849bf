import { isIP } from 'node:net';
import { boundedMemo } from './bounded-memo';
import { SharedAsyncLocalStorage } from './shared-async-storage';

declare global {
  var __shipnoteRequestOrigin: SharedAsyncLocalStorage<string> | undefined;
}

// On globalThis: the HTTP front and Next's bundles load this module separately but share the request.
const store = (globalThis.__shipnoteRequestOrigin ??= new SharedAsyncLocalStorage<string>());

/** Runs a request's work with the origin it arrived on (only when APP_URL is unset). */
export function runWithRequestOrigin<T>(origin: string, fn: () => T): T {
  return store.run(origin, fn);
}

/** The origin the current request arrived on, when the front recorded one. */
export function requestOrigin(): string | undefined {
  return store.getStore();
}

// Parsing a host costs microseconds on every request, the banner's fast path included; a server sees few.
// One memo per scheme, keyed by the Host header as sent: no key is built per request.
const originsSeen = {
  http: boundedMemo((host) => parseLocalOrigin(host, 'http'), { maxEntries: 256 }),
  https: boundedMemo((host) => parseLocalOrigin(host, 'https'), { maxEntries: 256 }),
};

/**
 * `http://<host>` (or `https://` when a trusted proxy says so) for a Host header naming a loopback or
 * private-network host (localhost, 127.0.0.0/8, ::1, 10/8, 172.16/12, 192.168/16, *.localhost); null for
 * any other host, which is refused while APP_URL is unset (DNS-rebinding protection).
 */
export function localOriginOf(host: string | null | undefined, scheme: 'http' | 'https' = 'http'): string | null {
  return host ? originsSeen[scheme](host) : null;
}

function parseLocalOrigin(host: string, scheme: 'http' | 'https'): string | null {
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || `${url.host}` !== host.toLowerCase()) return null;
  if (!isLocalHostname(url.hostname)) return null;
  return scheme === 'http' ? url.origin : new URL(`${scheme}://${url.host}`).origin;
}

export function isLocalHostname(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 6) return name === '::1';
  if (isIP(name) !== 4) return false;
  const [a, b] = name.split('.').map(Number) as [number, number];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}
