import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { recipientImportChanges, recipientImports, recipients, type RecipientState } from '@/db/schema';
import { clock } from '../clock';
import { AppError } from '../errors';
import { countActive, lockList, type ProjectScope } from '../mailing-lists/internal';
import { inJson, jsonParam, parkAddresses, scopeOf } from '../recipients/internal';
import { canonicalJson } from '../recipients/plan-upsert';
import { stateOf } from './apply';
import { getImportRow, toImport } from './internal';
import { ACTIVE_LIMIT, type TImport, type TImportRef, type TUndoResult } from './schemas';
import { writingLists } from '../mailing-lists/kept-lists';

type Restore = { id: string; from: RecipientState; to: RecipientState; created: boolean };

/**
 * Puts back, in one transaction, every recipient the import changed as it was before (those it created
 * become removed), within 24 hours of the import finishing. A recipient changed since by anything
 * else, and anyone unsubscribed, stays as it is and is reported in `skipped`.
 */
export async function undoImport({ ctx, input }: { ctx: ProjectScope; input: TImportRef }): Promise<TImport> {
  return writingLists(ctx.db, async (tx) => {
    await lockList(tx, ctx.projectId, input.list_id);
    const job = await getImportRow(tx, ctx.projectId, input.list_id, input.import_id, true);
    if (job.status === 'undone') throw new AppError('CONFLICT', 'This import was already undone');
    if (job.status !== 'done') throw new AppError('CONFLICT', `Only a finished import can be undone; this one is ${job.status}`);
    if (job.expiresAt.getTime() <= clock().now() || job.rows === null) {
      throw new AppError('CONFLICT', `Undo was possible until ${job.expiresAt.toISOString()}, 24 hours after the import finished`);
    }
    const { restores, skipped } = await planRestores(tx, ctx.projectId, input.list_id, job.id);
    await assertRoom(tx, ctx.projectId, input.list_id, restores);
    await writeRestores(tx, ctx.projectId, input.list_id, restores);
    const result: TUndoResult = { restored: restores.filter((r) => !r.created).length, removed: restores.filter((r) => r.created).length, skipped };
    const [undone] = await tx
      .update(recipientImports)
      .set({ status: 'undone', undoneAt: new Date(clock().now()), undoResult: result, updatedAt: sql`now()` })
      .where(and(eq(recipientImports.id, job.id), eq(recipientImports.projectId, ctx.projectId)))
      .returning();
    return toImport(undone!);
  });
}

async function planRestores(tx: DbOrTx, projectId: string, listId: string, importId: string) {
  const changes = await tx
    .select()
    .from(recipientImportChanges)
    .where(and(eq(recipientImportChanges.importId, importId), eq(recipientImportChanges.projectId, projectId)));
  const rows = await tx
    .select()
    .from(recipients)
    .where(and(scopeOf(projectId, listId), inJson(recipients.id, changes.map((c) => c.recipientId))))
    .for('no key update');
  const current = new Map(rows.map((r) => [r.id, stateOf(r)]));
  const skipped: TUndoResult['skipped'] = [];
  const restores: Restore[] = [];
  for (const change of changes) {
    const now = current.get(change.recipientId);
    if (!now) continue; // gone with its list
    const skip = (reason: string) => skipped.push({ email: now.email, reason });
    if (!same(now, change.after)) skip(now.status === 'unsubscribed' ? 'unsubscribed since the import' : 'changed since the import');
    else if (now.status === 'unsubscribed') skip('unsubscribed is final: the import set it and undo does not reactivate');
    else restores.push({ id: change.recipientId, from: now, to: change.before ?? { ...now, status: 'removed' }, created: change.kind === 'created' });
  }
  return { restores: await withoutTakenAddresses(tx, projectId, listId, restores, skipped), skipped };
}

/**
 * A former address that another recipient holds now cannot come back: that restore is skipped. A holder
 * that moves away frees its address only while its own restore stays, so skips repeat until none is new.
 */
async function withoutTakenAddresses(tx: DbOrTx, projectId: string, listId: string, restores: Restore[], skipped: TUndoResult['skipped']) {
  const moves = (r: Restore) => r.to.email !== r.from.email;
  if (!restores.some(moves)) return restores;
  const holders = await tx.select({ id: recipients.id, email: recipients.email }).from(recipients).where(and(scopeOf(projectId, listId), inJson(recipients.email, restores.filter(moves).map((r) => r.to.email))));
  let kept = restores;
  for (;;) {
    const leaving = new Set(kept.filter(moves).map((r) => r.id));
    const taken = new Set(holders.filter((h) => !leaving.has(h.id)).map((h) => h.email));
    const blocked = new Set(kept.filter((r) => moves(r) && taken.has(r.to.email)));
    if (!blocked.size) return kept;
    for (const r of blocked) skipped.push({ email: r.from.email, reason: `its former address ${r.to.email} now belongs to another recipient` });
    kept = kept.filter((r) => !blocked.has(r));
  }
}

async function assertRoom(tx: DbOrTx, projectId: string, listId: string, restores: Restore[]) {
  const delta = restores.reduce((n, r) => n + Number(r.to.status === 'active') - Number(r.from.status === 'active'), 0);
  if (delta <= 0) return;
  const active = await countActive(tx, projectId, listId);
  if (active + delta > ACTIVE_LIMIT) {
    throw new AppError('LIMIT', `Undo would bring the list to ${active + delta} active recipients; a list holds at most ${ACTIVE_LIMIT}`);
  }
}

async function writeRestores(tx: DbOrTx, projectId: string, listId: string, restores: Restore[]) {
  if (!restores.length) return;
  await parkAddresses(tx, projectId, listId, restores.filter((r) => r.to.email !== r.from.email).map((r) => r.id));
  const rows = restores.map((r) => ({ id: r.id, ...r.to }));
  await tx.execute(sql`
    update recipients r set
      email = v.email, name = v.name, external_id = v.external_id, attributes = v.attributes, status = v.status,
      status_changed_at = case when r.status <> v.status then now() else r.status_changed_at end,
      updated_at = now()
    from jsonb_to_recordset(${jsonParam(rows)}) as v(id uuid, email text, name text, external_id text, attributes jsonb, status text)
    where r.id = v.id and r.list_id = ${listId} and r.project_id = ${projectId} and r.status <> 'unsubscribed'`);
}

function same(a: RecipientState, b: RecipientState) {
  return a.email === b.email && a.name === b.name && a.external_id === b.external_id && a.status === b.status && canonicalJson(a.attributes) === canonicalJson(b.attributes);
}
