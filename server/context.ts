import type { Database } from '@/db/client';
import { db as openDb } from '@/db/client';
import type { Actor } from './auth/actor';
import { resolveActor, type Credentials } from './auth/resolve';

/** The header the HTTP front sets to the client's address; any copy sent by a client is dropped. */
export const CLIENT_IP_HEADER = 'x-shipnote-client-ip';

export interface Context {
  db: Database;
  /** who is calling, resolved once by the surface that received the request */
  actor: Actor;
  clientIp: string;
  /** the request's headers, for the few verbs that read one (the banner's page URL) */
  headers: Headers;
  /** headers the surface adds to the response (rate limit headers) */
  resHeaders: Headers;
  /** already counted against its limit (by the HTTP front for a page view, by REST or the dashboard endpoint before reading a body): not again */
  rateLimitCounted?: boolean;
}

/** A project-scoped procedure's context: the actor's project and the user acting for it. */
export interface ProjectContext extends Context {
  projectId: string;
  userId: string;
}

/**
 * The context of one request, built once by a surface's entry: authentication happens here, below
 * tRPC. `Authorization` comes from the headers; the session and project from the dashboard surface.
 */
export async function createContext(
  opts: { headers: Headers; resHeaders?: Headers; rateLimitCounted?: boolean } & Omit<Credentials, 'authorization'>,
): Promise<Context> {
  const db = await openDb();
  const { headers, resHeaders, rateLimitCounted, ...credentials } = opts;
  return {
    db,
    actor: await resolveActor(db, { ...credentials, authorization: headers.get('authorization') }),
    clientIp: headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1',
    headers,
    resHeaders: resHeaders ?? new Headers(),
    rateLimitCounted,
  };
}
