import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Transaction } from '@/db/client';
import { onInvalidation, publishInvalidation } from '../cache-bus';
import { clock } from '../clock';
import { selectListsWithCounts } from './internal';
import type { TListSummary, TMailingList } from './schemas';

/**
 * A project's lists are served from memory for up to a second after they were read. Every write made
 * through Shipnote (`writingLists`) clears them on every instance once its transaction has committed; the
 * second bounds what the cache bus cannot see: a write an operator makes in SQL, or a bus that is down.
 */
const FRESH_MS = 1_000;
const MAX_PROJECTS = 10_000;
const TOPIC = 'mailing-lists';

export interface KeptLists {
  /** all seven fields, for the dashboard; frozen, like `summaries` */
  lists: TMailingList[];
  /** the five fields of the list-of-lists response */
  summaries: TListSummary[];
}

interface Entry extends KeptLists {
  readAt: number;
  generation: number;
}

interface Store {
  /** bumped by every write: a read that began before it is never served */
  generation: number;
  /** replaced whole by every write, so what a write made stale is dropped at once */
  byDatabase: WeakMap<DbOrTx, Map<string, Entry>>;
  shared: WeakSet<object>;
}

declare global {
  var __shipnoteKeptLists: Store | undefined;
}

// On globalThis: the HTTP front (where import jobs run) and Next's bundles load this module separately.
function store(): Store {
  if (!globalThis.__shipnoteKeptLists) {
    const created: Store = { generation: 0, byDatabase: new WeakMap(), shared: new WeakSet() };
    onInvalidation(TOPIC, () => {
      created.generation++;
      created.byDatabase = new WeakMap();
    });
    globalThis.__shipnoteKeptLists = created;
  }
  return globalThis.__shipnoteKeptLists;
}

/** Whether `value` is lists some cache holds: frozen, so checked against its schema once (router.ts). */
export const isKeptLists = (value: object) => store().shared.has(value);

/**
 * The project's lists, from memory when read less than a second ago and unchanged since by Shipnote;
 * never from memory inside a transaction, whose reads must see its own writes.
 */
export async function keptListsOf(db: DbOrTx, projectId: string): Promise<KeptLists> {
  const { generation } = store();
  const now = clock().now();
  const kept = cacheOf(db);
  const hit = kept?.get(projectId);
  if (hit && hit.generation === generation && isFresh(hit, now)) return hit;

  const lists = await selectListsWithCounts(db, projectId);
  const entry: Entry = { readAt: now, generation, lists: frozen(lists), summaries: frozen(lists.map(summaryOf)) };
  if (kept) keep(kept, projectId, entry, now);
  return entry;
}

/**
 * Runs `write` in a transaction of its own that changes a project's lists or their recipients, then
 * clears every instance's kept lists once it has committed, or when the commit itself failed (it may
 * still have committed); not when `write` threw, as nothing it did is left. Inside another transaction
 * the clear would come before that transaction's commit, so that is refused.
 */
export async function writingLists<T>(db: DbOrTx, write: (tx: Transaction) => Promise<T>): Promise<T> {
  if (is(db, PgTransaction)) throw new Error('writingLists runs its own transaction: call it with the database, not inside a transaction');
  let written = false;
  try {
    return await db.transaction(async (tx) => {
      const result = await write(tx);
      written = true;
      return result;
    });
  } finally {
    if (written) publishInvalidation(TOPIC);
  }
}

function cacheOf(db: DbOrTx): Map<string, Entry> | undefined {
  if (is(db, PgTransaction)) return undefined;
  const { byDatabase } = store();
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, (kept = new Map()));
  return kept;
}

// a clock set back must not keep an entry fresh
const isFresh = (entry: Entry, now: number) => now >= entry.readAt && now - entry.readAt < FRESH_MS;

/** Entries stay in the order they were read: those older than a second are dropped from the front. */
function keep(kept: Map<string, Entry>, projectId: string, entry: Entry, now: number) {
  kept.delete(projectId);
  for (const [oldest, old] of kept) {
    if (isFresh(old, now) && kept.size < MAX_PROJECTS) break;
    kept.delete(oldest);
  }
  kept.set(projectId, entry);
  store().shared.add(entry.lists).add(entry.summaries);
}

function summaryOf(list: TMailingList): TListSummary {
  return { id: list.id, name: list.name, recipient_count: list.recipient_count, active_count: list.active_count, created_at: list.created_at };
}

function frozen<T extends object>(items: T[]): T[] {
  for (const item of items) Object.freeze(item);
  return Object.freeze(items) as T[];
}
