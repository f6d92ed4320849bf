import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Transaction } from '@/db/client';
import { onInvalidation, publishInvalidation } from '../cache-bus';
import { clock } from '../clock';
import { cacheGet, createTtlCache, type TtlCache } from '../ttl-cache';
import { selectListsWithCounts } from './internal';
import type { TListSummary, TMailingList } from './schemas';

/**
 * A project's lists are served from memory for up to a second after they were read. Every write made
 * through Shipnote (`writingLists`) clears them on every instance once its transaction has committed; the
 * second bounds what the cache bus cannot see: a write an operator makes in SQL, or a bus that is down.
 */
const FRESH_MS = 1_000;
/** projects kept per process: far more than one process reads the lists of in a second */
const MAX_PROJECTS = 1_000;
const TOPIC = 'mailing-lists';

export interface KeptLists {
  /** all seven fields, for the dashboard; frozen, like `summaries` */
  lists: TMailingList[];
  /** the five fields of the list-of-lists response */
  summaries: TListSummary[];
}

interface Store {
  /** replaced whole by every write: a read in flight then fills a cache nobody reads again */
  byDatabase: WeakMap<DbOrTx, TtlCache<KeptLists>>;
  frozen: WeakSet<object>;
}

declare global {
  var __shipnoteKeptLists: Store | undefined;
}

// On globalThis: the HTTP front (where import jobs run) and Next's bundles load this module separately.
function store(): Store {
  if (!globalThis.__shipnoteKeptLists) {
    const created: Store = { byDatabase: new WeakMap(), frozen: new WeakSet() };
    onInvalidation(TOPIC, () => void (created.byDatabase = new WeakMap()));
    globalThis.__shipnoteKeptLists = created;
  }
  return globalThis.__shipnoteKeptLists;
}

/** Whether `value` is lists read here: frozen, so checked against its schema once (router.ts). */
export const isKeptLists = (value: object) => store().frozen.has(value);

/**
 * The project's lists, from memory when read less than a second ago and unchanged since by Shipnote
 * (concurrent reads share one statement); never from memory inside a transaction, whose reads must see
 * its own writes.
 */
export function keptListsOf(db: DbOrTx, projectId: string): Promise<KeptLists> {
  if (is(db, PgTransaction)) return readLists(db, projectId);
  const { byDatabase } = store();
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, (kept = createTtlCache<KeptLists>(FRESH_MS, MAX_PROJECTS)));
  return cacheGet(kept, projectId, () => readLists(db, projectId), clock().now());
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

async function readLists(db: DbOrTx, projectId: string): Promise<KeptLists> {
  const lists = await selectListsWithCounts(db, projectId);
  return { lists: frozen(lists), summaries: frozen(lists.map(summaryOf)) };
}

function summaryOf(list: TMailingList): TListSummary {
  return { id: list.id, name: list.name, recipient_count: list.recipient_count, active_count: list.active_count, created_at: list.created_at };
}

function frozen<T extends object>(items: T[]): T[] {
  for (const item of items) Object.freeze(item);
  store().frozen.add(items);
  return Object.freeze(items) as T[];
}
