const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);
const LOOPBACK_HOSTS = new Set([...LOOPBACK_IPS, 'localhost']);
// schemes that run code, read local data or are not navigable callbacks
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'ws:', 'wss:', 'ftp:', 'mailto:', 'tel:']);

/**
 * Why a redirect URI cannot be registered, or null when it can: https anywhere, http only on a
 * loopback host, or a private-use scheme (`cursor://...`, RFC 8252 section 7.1). Never a fragment.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not an absolute URI`;
  }
  if (url.hash || value.includes('#')) return `${value} must not contain a fragment`;
  if (url.username || url.password) return `${value} must not contain credentials`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname) ? null : `${value}: http is allowed only on loopback hosts`;
  if (REFUSED_SCHEMES.has(url.protocol)) return `${value}: the ${url.protocol} scheme is not allowed`;
  return null;
}

/**
 * Exact string matching, except that a loopback IP literal registered with http matches on any port
 * (RFC 8252 section 7.3): native apps pick a free port at run time.
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(requested);
  } catch {
    return false;
  }
  if (a.protocol !== 'http:' || !LOOPBACK_IPS.has(a.hostname)) return false;
  // the requested URI must be written exactly as the registered one apart from its port
  if (b.href !== requested && b.href !== requested + '/') return false;
  a.port = '';
  b.port = '';
  return b.protocol === 'http:' && a.href === b.href && !b.username && !b.password;
}

/** An http URI on a loopback host: the user's own machine, the one place an error may go back to unasked. */
export function isLoopbackRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}
