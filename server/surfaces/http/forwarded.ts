/**
 * The host and scheme the client addressed. With TRUSTED_PROXY_HOPS > 0, `X-Forwarded-Host` and
 * `X-Forwarded-Proto` as the trusted proxies set them (of a list, the entry the outermost trusted proxy
 * wrote: the N-th from the right, or the leftmost when shorter); with 0 they are never read.
 */
export function publicHostOf(header: (name: string) => string | null | undefined, trustedProxyHops: number): { host: string | null; proto: 'http' | 'https' | null } {
  const host = header('host') ?? null;
  if (trustedProxyHops === 0) return { host, proto: null };
  const proto = trusted(header('x-forwarded-proto'), trustedProxyHops)?.toLowerCase();
  return {
    host: trusted(header('x-forwarded-host'), trustedProxyHops) ?? host,
    proto: proto === 'http' || proto === 'https' ? proto : null,
  };
}

function trusted(value: string | null | undefined, hops: number): string | null {
  const list = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return list.length ? list[Math.max(0, list.length - hops)]! : null;
}

/** A node request's header as one string (repeated headers joined as a list). */
export function nodeHeader(headers: Record<string, string | string[] | undefined>) {
  return (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
}
