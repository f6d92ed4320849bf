import { config } from '../../config';
import { publicHostOf } from './forwarded';

/**
 * CSRF guard for cookie-authenticated writes: the browser's Origin (or, lacking it, Referer) must be
 * this app's own origin: APP_URL's, or the one the request was addressed to (behind proxies that
 * rewrite Host, X-Forwarded-Host/-Proto within TRUSTED_PROXY_HOPS; never trusted with 0 hops).
 */
export function isSameOrigin(req: Request, trustedProxyHops = config.trustedProxyHops): boolean {
  const source = req.headers.get('origin') ?? req.headers.get('referer');
  if (!source) return false;
  try {
    const from = new URL(source).origin;
    if (config.appUrlConfigured && new URL(config.appUrl).origin === from) return true;
    const { host, proto } = publicHostOf((name) => req.headers.get(name), trustedProxyHops);
    // without a trusted scheme only the host is compared, as a TLS proxy that keeps Host sends none
    return host !== null && new URL(`${proto ?? new URL(from).protocol.slice(0, -1)}://${host}`).origin === from;
  } catch {
    return false;
  }
}
