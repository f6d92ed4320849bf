import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The server the `postgres` vitest project runs on: DATABASE_URL when set (then it must answer), else
 * the machine's own (PG_PROBE_URL overrides that address), used only when it answers.
 */
export function postgresServer(): { url: string; required: boolean } {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, required: true };
  return { url: process.env.PG_PROBE_URL || LOCAL, required: false };
}

/** The server's host and port, for messages (never the password). */
export const hostOf = (url: string) => new URL(url).host;

/** Null when the server answers a query within about a second, else why not. */
export async function probe(url: string): Promise<string | null> {
  const sql = postgres(url, { max: 1, connect_timeout: 1, onnotice: () => {} });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 2 s')), 2_000)));
  try {
    await Promise.race([sql`select 1`, late]);
    return null;
  } catch (error) {
    return (error as Error).message || String((error as { code?: string }).code ?? error);
  } finally {
    clearTimeout(timer);
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** A fresh, empty database on the server for one run; its URL. */
export async function createRunDatabase(serverUrl: string): Promise<string> {
  const name = `shipnote_test_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops the run's database, closing what a killed test left connected. */
export async function dropRunDatabase(serverUrl: string, url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = postgres(serverUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } catch (error) {
    console.error(`[vitest] could not drop ${name} on ${hostOf(serverUrl)}: ${(error as Error).message}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}
