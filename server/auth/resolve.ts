import type { Database } from '@/db/client';
import { ANONYMOUS, type Actor } from './actor';
import { parseBearer } from './bearer';
import { verifyBearer } from './credentials-cache';
import { memberProjectId } from './membership';

/** What a surface read from the request; each surface fills in what it accepts. */
export interface Credentials {
  /** the `Authorization` header: API tokens everywhere, OAuth access tokens only with `mcpResource` */
  authorization?: string | null;
  /** the resource the request arrived at, set by the MCP surface alone */
  mcpResource?: string | null;
  /** the signed-in dashboard user (next-auth session) */
  sessionUserId?: string | null;
  /** the project a dashboard request acts on (id or slug): membership is checked here, once */
  project?: string | null;
}

/** The one authentication step of every surface: credentials to an actor, never an exception. */
export async function resolveActor(db: Database, credentials: Credentials): Promise<Actor> {
  if (credentials.authorization) {
    const token = parseBearer(credentials.authorization);
    const caller = token ? await verifyBearer(db, token, credentials.mcpResource ?? null) : null;
    return caller ? { kind: 'project', ...caller } : { kind: 'anonymous', rejected: true };
  }
  const userId = credentials.sessionUserId;
  if (!userId) return ANONYMOUS;
  const projectId = credentials.project ? await memberProjectId(db, userId, credentials.project) : null;
  return projectId ? { kind: 'project', projectId, userId, via: 'session' } : { kind: 'user', userId };
}
