/**
 * CSRF guard for cookie-authenticated writes: the browser's Origin (or, lacking it, Referer) must be
 * this app's own origin.
 */
export function isSameOrigin(req: Request): boolean {
  const source = req.headers.get('origin') ?? req.headers.get('referer');
  if (!source) return false;
  try {
    const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
    return new URL(source).host === host;
  } catch {
    return false;
  }
}
