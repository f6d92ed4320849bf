const PLACEHOLDER = 'http://callback.invalid';

/**
 * The local path a sign-in or sign-up flow may return to, or the fallback: never another site. The
 * value is resolved as a browser would (which drops tabs and newlines and reads `\` as `/`) and kept
 * only when it stays on our origin; what comes back is that normalised path, query and fragment.
 */
export function safeLocalPath(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}

/** `path` with `callbackUrl` carried along when there is one. */
export function withCallback(path: string, callbackUrl: string | null): string {
  return callbackUrl ? `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}` : path;
}
