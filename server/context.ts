import type { Database } from '@/db/client';
import { db as openDb } from '@/db/client';

/** The header the HTTP front sets to the client's address; any copy sent by a client is dropped. */
export const CLIENT_IP_HEADER = 'x-shipnote-client-ip';

export interface Context {
  db: Database;
  headers: Headers;
  clientIp: string;
  /** headers the adapter adds to the response (rate limit headers) */
  resHeaders: Headers;
  /** set by the dashboard adapters from the next-auth session */
  sessionUserId: string | null;
}

/** The caller of a token procedure: the token's project and the user who created the token. */
export interface ProjectContext extends Context {
  projectId: string;
  userId: string;
}

export async function createContext(opts: {
  headers: Headers;
  resHeaders?: Headers;
  sessionUserId?: string | null;
}): Promise<Context> {
  return {
    db: await openDb(),
    headers: opts.headers,
    clientIp: opts.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1',
    resHeaders: opts.resHeaders ?? new Headers(),
    sessionUserId: opts.sessionUserId ?? null,
  };
}
