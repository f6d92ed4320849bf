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

    const reason = sameExternalId
      ? sameEmail && sameEmail !== sameExternalId && 'email belongs to another recipient'
      : externalId !== undefined && sameEmail?.current.externalId != null && 'email belongs to a different external_id';
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
  const plan: UpsertPlan = { result, outcomes: [], inserts: [], updates: [] };
  for (const record of new Set(entryRecords)) {
    if (typeof record === 'string') continue;
    const outcome = classify(record);
    outcomeOf.set(record, outcome);
    result[outcome as 'added']++;
    if (outcome === 'added') plan.inserts.push(record.current);
    else if (outcome === 'updated' || outcome === 'reactivated') plan.updates.push({ id: record.stored!.id, ...record.current, moved: record.stored!.email !== record.current.email });
  }
  plan.outcomes = entryRecords.map((r) => (typeof r === 'string' ? r : outcomeOf.get(r)!));
  return plan;
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
