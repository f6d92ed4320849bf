import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex HMAC of the raw body>`, as GitHub sends in X-Hub-Signature-256. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Constant-time check of X-Hub-Signature-256 against the raw body. */
export function verifySignature(secret: string, body: string, header: string | null): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  const expected = Buffer.from(signBody(secret, body), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function bodyDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}
