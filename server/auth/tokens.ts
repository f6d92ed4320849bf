import { createHash, randomBytes } from 'node:crypto';

/** A new random secret with the given prefix: 32 random bytes, base64url. */
export function generateSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Secrets are high-entropy, so a fast hash is enough to store them safely. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
