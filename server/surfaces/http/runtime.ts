import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '@/db/client';
import { sharedSecret } from '../../auth/shared-secret';
import { config } from '../../config';

/**
 * Settings next-auth reads from the environment, given defaults that work on a fresh clone. Without
 * NEXTAUTH_SECRET the session secret lives where every instance finds the same one: in the PostgreSQL
 * database, or (PGlite: one process per data folder) in the data folder, as before.
 */
export async function prepareAuthEnvironment(database: Pick<DatabaseHandle, 'db' | 'kind'>) {
  process.env.NEXTAUTH_URL ||= config.appUrl;
  if (process.env.NEXTAUTH_SECRET) return;
  // a secret an earlier version generated into the data folder is proposed first: its sessions stay valid
  process.env.NEXTAUTH_SECRET =
    database.kind === 'postgres' ? await sharedSecret(database.db, 'nextauth', readSecret('auth-secret') ?? undefined) : readOrCreateSecret('auth-secret');
}

function readSecret(name: string): string | null {
  try {
    return fs.readFileSync(path.join(config.dataDir, name), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** A random secret kept in the data folder, so sessions survive restarts of the embedded default. */
function readOrCreateSecret(name: string): string {
  const existing = readSecret(name);
  if (existing) return existing;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(path.join(config.dataDir, name), secret, { mode: 0o600 });
  return secret;
}
