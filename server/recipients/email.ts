import { z } from 'zod';

/** RFC 5321 4.5.3.1: a path is at most 254 characters and its local part at most 64 octets. */
const ZEmail = z
  .email()
  .max(254)
  .refine((email) => Buffer.byteLength(email.slice(0, email.lastIndexOf('@'))) <= 64);

/** The stored form of an address (trimmed, lowercased), or null when it is not a valid address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return ZEmail.safeParse(email).success ? email : null;
}
