import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The server tests run against besides PGlite: DATABASE_URL, else the machine's own, when it answers. */
const CANDIDATE = process.env.DATABASE_URL || process.env.PG_PROBE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh database on the PostgreSQL server for this run, or null (with the reason) when no server
 * answers within a second: then the suite runs on PGlite alone, as on a fresh machine.
 */
export async function createRunDatabase(): Promise<{ url: string; why?: undefined } | { url: null; why: string }> {
  const admin = postgres(CANDIDATE, { max: 1, connect_timeout: 1, onnotice: () => {} });
  const name = `shipnote_test_${randomBytes(4).toString('hex')}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => {});
    return { url: null, why: `${new URL(CANDIDATE).host}: ${(error as Error).message}` };
  }
  await admin.end({ timeout: 5 });
  const url = new URL(CANDIDATE);
  url.pathname = `/${name}`;
  return { url: url.href }; // dropped by tests/global-setup.ts when the run ends
}
