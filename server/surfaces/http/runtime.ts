import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../../config';

/** Settings next-auth reads from the environment, given defaults that work on a fresh clone. */
export function prepareAuthEnvironment() {
  process.env.NEXTAUTH_URL ||= config.appUrl;
  if (!process.env.NEXTAUTH_SECRET) process.env.NEXTAUTH_SECRET = readOrCreateSecret('auth-secret');
}

/** A random secret kept in the data folder, so sessions survive restarts of the embedded default. */
function readOrCreateSecret(name: string): string {
  const file = path.join(config.dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
