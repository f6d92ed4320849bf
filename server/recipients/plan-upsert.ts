import type { RecipientStatus } from '@/db/schema/mailing-lists';
import { normalizeEmail } from './email';
import type { TRecipientEntry, TUpsertResult } from './schemas';

export type Attributes = Record<string, string | number | boolean>;

export interface Fields {
  email: string;
  name: string | null;
  externalId: string | null;
  attributes: Attributes;
  status: RecipientStatus;
}

export interface StoredRecipient extends Fields {
  id: string;
}

export type Outcome = 'added' | 'updated' | 'reactivated' | 'unchanged' | 'skipped_unsubscribed' | 'conflict' | 'invalid';

export interface UpsertPlan {
  result: TUpsertResult;
  /** per input entry, for the dashboard's import preview */
  outcomes: Outcome[];
  /** per input entry, the id of the stored recipient it reached (null: new, conflict or invalid) */
  targets: (string | null)[];
  /** per input entry, the recipient it reached as the whole batch leaves it (one object per recipient; null: conflict or invalid) */
  results: (Fields | null)[];
  inserts: Fields[];
  /** `moved`: the email changes, so the write must first free the old address */
  updates: (StoredRecipient & { moved: boolean })[];
}

interface WorkingRecord {
  stored?: StoredRecipient;
  current: Fields;
}

/**
 * Applies the entries in order to an in-memory copy of the recipients they can match (section 4.4's
 * matching table and decisions.md), so the writes can then be done set-based. Entries that reach the
 * same recipient count once; the last value of each field wins.
 */
export function planUpsert(stored: StoredRecipient[], entries: TRecipientEntry[]): UpsertPlan {
  const records: WorkingRecord[] = stored.map((row) => ({ stored: row, current: { ...row } }));
  const byEmail = new Map(records.map((r) => [r.current.email, r]));
  const byExternalId = new Map(records.filter((r) => r.current.externalId !== null).map((r) => [r.current.externalId!, r]));
  const entryRecords: (WorkingRecord | 'conflict' | 'invalid')[] = [];
  // address -> the external_ids ('' for none) of the entries so far that named it
  const named = new Map<string, Set<string>>();
  const result: TUpsertResult = { added: 0, updated: 0, reactivated: 0, unchanged: 0, skipped_unsubscribed: 0, invalid: [], conflicts: [] };

  for (const raw of entries) {
    const entry = typeof raw === 'string' ? { email: raw } : raw;
    const email = normalizeEmail(entry.email);
    if (!email) {
      result.invalid.push(entry.email);
      entryRecords.push('invalid');
      continue;
    }
    const externalId = entry.external_id ?? undefined;
    const sameEmail = byEmail.get(email);
    const sameExternalId = externalId === undefined ? undefined : byExternalId.get(externalId);
    let record = sameExternalId ?? sameEmail;
    const reason = conflictOf(email, externalId, sameEmail, sameExternalId, named);
    if (!named.has(email)) named.set(email, new Set());
    named.get(email)!.add(externalId ?? '');
    if (reason) {
      result.conflicts.push({ email: entry.email, external_id: externalId!, reason });
      entryRecords.push('conflict');
      continue;
    }

    if (!record) {
      record = { current: { email, name: null, externalId: null, attributes: {}, status: 'active' } };
      records.push(record);
    }
    entryRecords.push(record);
    const next = record.current;
    if (next.status === 'unsubscribed') continue; // never touched by the API
    next.status = 'active';
    if (next.email !== email) {
      byEmail.delete(next.email);
      next.email = email;
    }
    byEmail.set(email, record);
    if (externalId !== undefined) {
      next.externalId = externalId;
      byExternalId.set(externalId, record);
    }
    if (entry.name != null) next.name = entry.name === '' ? null : entry.name;
    if (entry.attributes != null) next.attributes = dropNulls(entry.attributes);
  }

  const outcomeOf = new Map<WorkingRecord, Outcome>();
  const plan: UpsertPlan = { result, outcomes: [], targets: [], results: [], inserts: [], updates: [] };
  for (const record of new Set(entryRecords)) {
    if (typeof record === 'string') continue;
    const outcome = classify(record);
    outcomeOf.set(record, outcome);
    result[outcome as 'added']++;
    if (outcome === 'added') plan.inserts.push(record.current);
    else if (outcome === 'updated' || outcome === 'reactivated') plan.updates.push({ id: record.stored!.id, ...record.current, moved: record.stored!.email !== record.current.email });
  }
  plan.outcomes = entryRecords.map((r) => (typeof r === 'string' ? r : outcomeOf.get(r)!));
  plan.targets = entryRecords.map((r) => (typeof r === 'string' ? null : (r.stored?.id ?? null)));
  plan.results = entryRecords.map((r) => (typeof r === 'string' ? null : r.current));
  return plan;
}

/** Why an entry cannot be applied: the two conflicts of section 4.4, and one that keeps repeats harmless. */
function conflictOf(
  email: string,
  externalId: string | undefined,
  sameEmail: WorkingRecord | undefined,
  sameExternalId: WorkingRecord | undefined,
  named: Map<string, Set<string>>,
) {
  if (externalId === undefined) return undefined;
  if (!sameExternalId) return sameEmail?.current.externalId != null ? 'email belongs to a different external_id' : undefined;
  if (sameEmail && sameEmail !== sameExternalId) return 'email belongs to another recipient';
  // moving a recipient off an address that an earlier entry named for someone else would make that entry
  // match differently when the same payload is sent again
  const from = sameExternalId.current.email;
  if (from !== email && sameExternalId.current.status !== 'unsubscribed' && [...(named.get(from) ?? [])].some((id) => id !== externalId)) {
    return 'its current email is named by another entry of this batch';
  }
  return undefined;
}

function classify({ stored, current }: WorkingRecord): Outcome {
  if (!stored) return 'added';
  if (stored.status === 'unsubscribed') return 'skipped_unsubscribed';
  if (stored.status === 'removed') return 'reactivated';
  const same =
    stored.email === current.email &&
    stored.name === current.name &&
    stored.externalId === current.externalId &&
    canonicalJson(stored.attributes) === canonicalJson(current.attributes);
  return same ? 'unchanged' : 'updated';
}

function dropNulls(attributes: Record<string, string | number | boolean | null>): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null)) as Attributes;
}

/** JSON with sorted keys: jsonb does not keep key order, so equality must not depend on it. */
export function canonicalJson(attributes: Attributes): string {
  return JSON.stringify(Object.keys(attributes).sort().map((key) => [key, attributes[key]]));
}
