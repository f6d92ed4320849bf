import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FileStatus, ParsedImport } from '../recipients/csv-import';
import { normalizeEmail } from '../recipients/email';
import { canonicalJson, planUpsert, type Fields, type StoredRecipient, type UpsertPlan } from '../recipients/plan-upsert';
import { ROW_ACTIONS, type TFieldChange, type TImportRow, type TRowAction } from './schemas';

export interface StatusChange {
  id: string;
  from: Fields['status'];
  to: Exclude<FileStatus, 'active'>;
}

export interface ImportPlan {
  upsert: UpsertPlan;
  statusChanges: StatusChange[];
  /** one row per row of the file, in file order */
  report: TImportRow[];
  summary: Record<TRowAction, number>;
  activeAfter: number;
}

/** rows reported at once: a 10k-row file gives the event loop turns while its report is built */
const ROWS_PER_TURN = 1_000;

const UPSERT_ACTION = { added: 'create', updated: 'update', reactivated: 'reactivate', unchanged: 'unchanged' } as const;
const FIELDS = [
  ['email', (f: Fields) => f.email],
  ['name', (f: Fields) => f.name],
  ['external_id', (f: Fields) => f.externalId],
  ['attributes', (f: Fields) => (Object.keys(f.attributes).length ? JSON.stringify(f.attributes) : null)],
  ['status', (f: Fields) => f.status],
] as const;

/**
 * What a file does to the list as `stored` holds it: rows marked active (or without status) go through
 * the upsert's own planner, so they never reactivate an unsubscribed recipient; rows marked removed or
 * unsubscribed set that status on a recipient already on the list, and only by the domain's transitions.
 */
export async function planImport(stored: StoredRecipient[], parsed: ParsedImport, activeBefore: number): Promise<ImportPlan> {
  const active = parsed.rows.filter((r) => r.status === 'active');
  const upsert = planUpsert(stored, active.map((r) => r.entry));
  await nextTurn();
  const byId = new Map(stored.map((r) => [r.id, r]));
  const updated = new Map(upsert.updates.map((u) => [u.id, u]));
  const report: TImportRow[] = parsed.skipped.map((s) => ({ ...s, action: 'skipped', changes: [] }));

  // rows that reach the same recipient count once, on the last of them, as the upsert counts them
  const lastRowOf = new Map<Fields, number>();
  for (const [i, result] of upsert.results.entries()) if (result) lastRowOf.set(result, i);

  let conflict = 0;
  for (const [i, row] of active.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const outcome = upsert.outcomes[i]!;
    const result = upsert.results[i];
    const base = { line: row.line, email: row.entry.email };
    const last = result ? lastRowOf.get(result)! : i;
    if (outcome === 'invalid') report.push({ ...base, action: 'skipped', changes: [], reason: 'not a valid email address' });
    else if (outcome === 'conflict') report.push({ ...base, action: 'skipped', changes: [], reason: upsert.result.conflicts[conflict++]!.reason });
    else if (outcome === 'skipped_unsubscribed') report.push({ ...base, action: 'skipped', changes: [], reason: 'unsubscribed: an import never reactivates' });
    else if (last !== i) report.push({ ...base, action: 'skipped', changes: [], reason: `the same recipient as row ${active[last]!.line}, which shows the outcome of both` });
    else if (outcome === 'added') report.push({ ...base, action: 'create', changes: diff(undefined, result!) });
    else {
      const id = upsert.targets[i]!;
      report.push({ ...base, action: UPSERT_ACTION[outcome], changes: diff(byId.get(id)!, updated.get(id) ?? byId.get(id)!) });
    }
  }
  await nextTurn();

  const statusChanges = planStatusRows(stored, parsed, new Set(upsert.targets.filter((t, i) => t !== null && upsert.outcomes[i] !== 'skipped_unsubscribed') as string[]), report);
  report.sort((a, b) => a.line - b.line);
  const summary = Object.fromEntries(ROW_ACTIONS.map((a) => [a, 0])) as Record<TRowAction, number>;
  for (const row of report) summary[row.action]++;
  const deactivated = statusChanges.filter((c) => c.from === 'active').length;
  return { upsert, statusChanges, report, summary, activeAfter: activeBefore + upsert.result.added + upsert.result.reactivated - deactivated };
}

/** Rows marked removed or unsubscribed: matched like a removal (external_id, else email); the last row for a recipient wins. */
function planStatusRows(stored: StoredRecipient[], parsed: ParsedImport, upserted: Set<string>, report: TImportRow[]): StatusChange[] {
  const byEmail = new Map(stored.map((r) => [r.email, r]));
  const byExternalId = new Map(stored.filter((r) => r.externalId !== null).map((r) => [r.externalId!, r]));
  const last = new Map<string, { row: TImportRow; change?: StatusChange }>();
  for (const { line, status, entry } of parsed.rows) {
    if (status === 'active') continue;
    const to = status;
    const row: TImportRow = { line, email: entry.email, action: 'skipped', changes: [] };
    report.push(row);
    const email = normalizeEmail(entry.email);
    if (!email) {
      row.reason = 'not a valid email address';
      continue;
    }
    const sameEmail = byEmail.get(email);
    const target = entry.external_id ? (byExternalId.get(entry.external_id) ?? (sameEmail?.externalId == null ? sameEmail : undefined)) : sameEmail;
    if (!target) {
      row.reason = sameEmail ? 'email belongs to a different external_id' : `not on the list: an import adds only rows marked active (this one is ${to})`;
      continue;
    }
    if (upserted.has(target.id)) {
      row.reason = 'another row of the file, marked active, names this recipient';
      continue;
    }
    const earlier = last.get(target.id);
    if (earlier) Object.assign(earlier.row, { action: 'skipped', changes: [], reason: 'a later row of the file names this recipient' });
    if (target.status === to) {
      Object.assign(row, { action: 'unchanged' });
      last.set(target.id, { row });
    } else if (target.status === 'unsubscribed') {
      row.reason = 'unsubscribed: stays unsubscribed';
      last.set(target.id, { row });
    } else {
      Object.assign(row, { action: 'status', changes: [{ field: 'status', before: target.status, after: to }] });
      if (to === 'unsubscribed') row.reason = 'unsubscribed is final: undo will not reactivate this recipient';
      last.set(target.id, { row, change: { id: target.id, from: target.status, to } });
    }
  }
  return [...last.values()].flatMap((l) => (l.change && l.row.action === 'status' ? [l.change] : []));
}

function diff(before: Fields | undefined, after: Fields): TFieldChange[] {
  return FIELDS.flatMap(([field, read]) => {
    const [b, a] = [before ? read(before) : null, read(after)];
    if (before && (field === 'attributes' ? canonicalJson(before.attributes) === canonicalJson(after.attributes) : b === a)) return [];
    // a new recipient: what the file sets beside its address (its status is active)
    if (!before && (a === null || field === 'email' || field === 'status')) return [];
    return [{ field, before: b, after: a }];
  });
}
