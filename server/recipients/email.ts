import { z } from 'zod';

const ZEmail = z.email().max(254);

/** The stored form of an address (trimmed, lowercased), or null when it is not a valid address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return ZEmail.safeParse(email).success ? email : null;
}
