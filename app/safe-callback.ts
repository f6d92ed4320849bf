/**
 * The local path a sign-in or sign-up flow may return to, or the fallback: never another site, so a
 * crafted link cannot send a user elsewhere after they sign in.
 */
export function safeLocalPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** `path` with `callbackUrl` carried along when there is one. */
export function withCallback(path: string, callbackUrl: string | null): string {
  return callbackUrl ? `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}` : path;
}
