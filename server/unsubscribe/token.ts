import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, recipientId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${recipientId}`).digest('base64url');
}

/** `<recipient id>.<HMAC>`: names one recipient and cannot be made for another without the secret. */
export function unsubscribeToken(secret: string, recipientId: string): string {
  return `${recipientId}.${mac(secret, recipientId)}`;
}

/** The recipient a token was signed for, or null when it is malformed or the signature is wrong. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [recipientId, signature, ...rest] = token.split('.');
  if (rest.length || !recipientId || !signature || !UUID.test(recipientId)) return null;
  const expected = Buffer.from(mac(secret, recipientId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? recipientId : null;
}

export function unsubscribeUrl(token: string): string {
  return `${config.appUrl}/unsubscribe/${token}`;
}
