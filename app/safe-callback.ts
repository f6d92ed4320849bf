const PLACEHOLDER = 'http://callback.invalid';
/** Whitespace, control and format characters (bidi overrides, zero-width) and `\`: a browser drops or rereads them. */
const UNSAFE = /[\s\p{Cc}\p{Cf}\\]/u;

/**
 * The local path a sign-in or sign-up flow may return to, or the fallback: resolved as a browser would,
 * kept only when it stays on our origin, also once more percent-decoded; returned normalised.
 */
export function safeLocalPath(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || UNSAFE.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER || leavesOnceDecoded(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

function leavesOnceDecoded(pathname: string): boolean {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.startsWith('//') || UNSAFE.test(decoded);
  } catch {
    return true; // malformed percent-encoding: no path of ours
  }
}

/** `path` with `callbackUrl` carried along when there is one. */
export function withCallback(path: string, callbackUrl: string | null): string {
  return callbackUrl ? `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}` : path;
}
