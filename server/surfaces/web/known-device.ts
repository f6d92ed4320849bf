import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A browser that signed in to an account before carries a tag for that account (an HMAC of the address
 * under the session secret) in an http-only cookie. Attempts bearing it skip the per-account cap across
 * all addresses, so a botnet guessing one account cannot lock its owner out of their usual browser.
 */
export const KNOWN_DEVICE_COOKIE = 'shipnote-known-device';
const MAX_TAGS = 5;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function tagOf(account: string): string | null {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret || !account) return null;
  return createHmac('sha256', secret).update(`known-device\0${account}`).digest('base64url').slice(0, 22);
}

function tagsIn(cookies: Record<string, string>): string[] {
  return (cookies[KNOWN_DEVICE_COOKIE] ?? '').split('.').filter((tag) => /^[\w-]{22}$/.test(tag)).slice(0, MAX_TAGS);
}

export function isKnownDevice(cookies: Record<string, string>, account: string): boolean {
  const tag = tagOf(account);
  return !!tag && tagsIn(cookies).some((t) => timingSafeEqual(Buffer.from(t), Buffer.from(tag)));
}

/** The Set-Cookie value after a successful sign-in: this account's tag first, at most five accounts. */
export function knownDeviceCookie(cookies: Record<string, string>, account: string, requestUrl: string): string {
  const tag = tagOf(account);
  const tags = [...(tag ? [tag] : []), ...tagsIn(cookies).filter((t) => t !== tag)].slice(0, MAX_TAGS);
  const secure = new URL(process.env.NEXTAUTH_URL || requestUrl).protocol === 'https:';
  return `${KNOWN_DEVICE_COOKIE}=${tags.join('.')}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
