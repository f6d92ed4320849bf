import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The consent form's CSRF token: an HMAC of the ticket and the signed-in user, so a form is good only
 * for that user and that request. Keyed by the session secret, which only the server knows.
 */
export function consentCsrfToken(ticketId: string, userId: string): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error('NEXTAUTH_SECRET is not set');
  return createHmac('sha256', secret).update(`oauth-consent:${ticketId}:${userId}`).digest('base64url');
}

export function csrfTokenMatches(token: string | undefined, ticketId: string, userId: string): boolean {
  if (!token) return false;
  const expected = Buffer.from(consentCsrfToken(ticketId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
