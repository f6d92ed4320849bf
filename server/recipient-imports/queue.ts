import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { recipientImports } from '@/db/schema';
import { rowsOf } from '@/db/rows';
import { mine, type Claim } from './apply';

/** A job claimed this many times without finishing (its workers died) is failed instead of retried. */
export const MAX_ATTEMPTS = 3;

/**
 * Claims the next started import: queued, or running under a lease that lapsed (its worker died; its
 * transaction died with it, so nothing of it was written). `skip locked`: two workers never claim
 * one job. `sole`: this process is the only possible worker (PGlite), so every running job is orphaned.
 */
export async function claimNextImport(db: Database, leaseSeconds: number, sole: boolean, projects?: string[]): Promise<Claim | null> {
  // a worker restricted to some projects (tests sharing one database); all when absent
  const scope = projects ? sql`project_id in (select (jsonb_array_elements_text(${JSON.stringify(projects)}::jsonb))::uuid)` : sql`true`;
  const result = await db.execute<Record<string, unknown>>(sql`
    with next as (
      select id from recipient_imports
      where (status = 'queued' or (status = 'running' and (${sole} or lease_until < now()))) and ${scope}
      order by started_at, created_at
      limit 1
      for update skip locked
    )
    update recipient_imports i
    set status = 'running', attempts = i.attempts + 1, updated_at = now(),
        lease_until = now() + make_interval(secs => ${leaseSeconds})
    from next where i.id = next.id
    returning i.id, i.project_id, i.list_id, i.attempts`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  if (!row) return null;
  return { id: String(row.id), projectId: String(row.project_id), listId: String(row.list_id), attempt: Number(row.attempts) };
}

export async function markFailed(db: Database, claim: Claim, error: string) {
  await db
    .update(recipientImports)
    .set({ status: 'failed', error, processed: 0, leaseUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(mine(claim));
}

/** Progress of a running job, written outside its transaction so other requests (and instances) see it; renews the lease. */
export async function markProgress(db: Database, claim: Claim, processed: number, leaseSeconds: number) {
  await db
    .update(recipientImports)
    .set({ processed, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(mine(claim));
}
