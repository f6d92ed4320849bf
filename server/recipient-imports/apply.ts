import { and, eq, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { recipientImports, recipients, type RecipientState } from '@/db/schema';
import { clock } from '../clock';
import { AppError } from '../errors';
import { lockList } from '../mailing-lists/internal';
import { inJson, jsonParam, parkAddresses, scopeOf, writePlan } from '../recipients/internal';
import type { StoredRecipient } from '../recipients/plan-upsert';
import { capMessage, parsedOf, planAgainstList } from './internal';
import type { ImportPlan, StatusChange } from './plan';
import { ACTIVE_LIMIT, IMPORT_LIMITS } from './schemas';
import { writingLists } from '../mailing-lists/kept-lists';

export interface Claim {
  id: string;
  projectId: string;
  listId: string;
  /** the claim's number: a worker whose lease lapsed and was re-claimed finds it changed */
  attempt: number;
}

const STEP = 1000;
const HOUR = 60 * 60 * 1000;

/**
 * Applies a claimed import in ONE transaction: lock the list, plan the whole file against it as it is
 * now, write in steps (reporting progress), record each changed recipient's before and after for undo,
 * mark the job done. A crash or an error anywhere leaves nothing of it written.
 */
export async function applyImport(db: Database, claim: Claim, onProgress: (processed: number) => Promise<void>): Promise<boolean> {
  return writingLists(db, async (tx) => {
    await lockList(tx, claim.projectId, claim.listId);
    // read after the list lock: another worker that applied this job meanwhile has committed
    const [job] = await tx.select().from(recipientImports).where(mine(claim));
    if (!job || job.status !== 'running') return false;
    const plan = await planAgainstList(tx, claim.projectId, claim.listId, parsedOf(job), true);
    if (plan.activeAfter > ACTIVE_LIMIT) throw new AppError('LIMIT', capMessage(plan.activeAfter));

    await writeInSteps(tx, claim, plan, (share) => onProgress(Math.floor(job.totalRows * share)));
    await recordChanges(tx, claim, plan);
    const finished = clock().now();
    const [marked] = await tx
      .update(recipientImports)
      .set({
        status: 'done',
        processed: job.totalRows,
        report: plan.report,
        summary: plan.summary,
        activeBefore: plan.activeBefore,
        activeAfter: plan.activeAfter,
        leaseUntil: null,
        finishedAt: new Date(finished),
        expiresAt: new Date(finished + IMPORT_LIMITS.windowHours * HOUR),
        updatedAt: sql`now()`,
      })
      .where(mine(claim))
      .returning({ id: recipientImports.id });
    // the lease lapsed meanwhile and another worker claimed the job: roll back, the new claim applies it
    if (!marked) throw new AppError('CONFLICT', 'Another worker took this import over');
    return true;
  });
}

export const mine = (claim: Claim) =>
  and(eq(recipientImports.id, claim.id), eq(recipientImports.projectId, claim.projectId), eq(recipientImports.attempts, claim.attempt));

async function writeInSteps(tx: DbOrTx, { projectId, listId }: Claim, plan: ImportPlan, progress: (share: number) => Promise<void>) {
  const { updates, inserts } = plan.upsert;
  // every moved address parked first, so the steps can run in any order
  await parkAddresses(tx, projectId, listId, updates.filter((u) => u.moved).map((u) => u.id));
  const total = updates.length + inserts.length + plan.statusChanges.length;
  let done = 0;
  const step = async (write: () => Promise<void>, size: number) => {
    await write();
    done += size;
    await progress(total ? done / total : 1);
  };
  for (let i = 0; i < updates.length; i += STEP) {
    const part = updates.slice(i, i + STEP).map((u) => ({ ...u, moved: false }));
    await step(() => writePlan(tx, projectId, listId, { ...plan.upsert, updates: part, inserts: [] }), part.length);
  }
  for (let i = 0; i < inserts.length; i += STEP) {
    const part = inserts.slice(i, i + STEP);
    await step(() => writePlan(tx, projectId, listId, { ...plan.upsert, updates: [], inserts: part }), part.length);
  }
  for (let i = 0; i < plan.statusChanges.length; i += STEP) {
    const part = plan.statusChanges.slice(i, i + STEP);
    await step(() => writeStatuses(tx, projectId, listId, part), part.length);
  }
}

/** removed or unsubscribed, never out of unsubscribed (api-v1.md section 3). */
async function writeStatuses(tx: DbOrTx, projectId: string, listId: string, changes: StatusChange[]) {
  await tx.execute(sql`
    update recipients r set status = v.status, status_changed_at = now(), updated_at = now()
    from jsonb_to_recordset(${jsonParam(changes.map((c) => ({ id: c.id, status: c.to })))}) as v(id uuid, status text)
    where r.id = v.id and r.list_id = ${listId} and r.project_id = ${projectId} and r.status <> 'unsubscribed'`);
}

async function recordChanges(tx: DbOrTx, { id, projectId, listId }: Claim, plan: ImportPlan & { stored: StoredRecipient[] }) {
  const before = new Map(plan.stored.map((r) => [r.id, r]));
  const changedIds = [...plan.upsert.updates.map((u) => u.id), ...plan.statusChanges.map((c) => c.id)];
  const created = plan.upsert.inserts.map((r) => r.email);
  if (!changedIds.length && !created.length) return;
  const after = await tx
    .select()
    .from(recipients)
    .where(and(scopeOf(projectId, listId), or(inJson(recipients.id, changedIds), inJson(recipients.email, created))));
  const statusIds = new Set(plan.statusChanges.map((c) => c.id));
  const rows = after.map((r) => {
    const old = before.get(r.id);
    const kind = !old ? 'created' : statusIds.has(r.id) ? 'status' : old.status === 'removed' ? 'reactivated' : 'updated';
    return { recipient_id: r.id, kind, before: old ? stateOf(old) : null, after: stateOf(r) };
  });
  await tx.execute(sql`
    insert into recipient_import_changes (import_id, recipient_id, project_id, kind, before, after)
    select ${id}::uuid, v.recipient_id, ${projectId}::uuid, v.kind, v.before, v.after
    from jsonb_to_recordset(${jsonParam(rows)}) as v(recipient_id uuid, kind text, before jsonb, after jsonb)`);
}

export function stateOf(r: { email: string; name: string | null; externalId: string | null; attributes: RecipientState['attributes'] | null; status: RecipientState['status'] }): RecipientState {
  return { email: r.email, name: r.name, external_id: r.externalId, attributes: r.attributes ?? {}, status: r.status };
}
