/**
 * Who is calling, resolved once per request by the surface's entry (server/auth/resolve.ts) before any
 * procedure runs. Procedures only read it: `trpc.ts` turns it into the project scope of a verb.
 */
export type Actor =
  /** no credentials, or credentials that did not authenticate (`rejected`: a 401 for token routes) */
  | { kind: 'anonymous'; rejected: boolean }
  /** a signed-in dashboard user acting on no project in particular */
  | { kind: 'user'; userId: string }
  /** one project: an API token's, an OAuth grant's, or a member's through the dashboard */
  | { kind: 'project'; projectId: string; userId: string; via: 'api_token' | 'oauth' | 'session'; credentialId?: string };

export const ANONYMOUS: Actor = { kind: 'anonymous', rejected: false };

/** What a project-scoped verb runs with: the database (or a transaction) and the caller's one project. */
export interface ProjectScope<D = import('@/db/client').DbOrTx> {
  db: D;
  projectId: string;
}
