import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import type { TRecipient } from './schemas';

export interface RecipientPage {
  items: TRecipient[];
  next_cursor: string | null;
}

interface Entry {
  version: number;
  page: RecipientPage;
}

/** About 200 full default pages: a few MB per process. */
const MAX_CACHED_RECIPIENTS = 20_000;

/** An empty page (a search that found nothing) still takes a place: otherwise they could grow without end. */
const weightOf = (page: RecipientPage) => page.items.length + 1;

/**
 * Pages of recipients read before, each kept with the list's `recipients_version` at the time it was read
 * (the trigger of migration 0020 raises it with every statement that writes the list's recipients). A page
 * is served again only after reading that one number and finding it unchanged, so every instance answers
 * what PostgreSQL holds, at once. The least recently served pages go first once the cap is reached.
 */
export class RecipientPageCache {
  private readonly entries = new Map<string, Entry>();
  private weight = 0;

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, version: number, page: RecipientPage): void {
    this.delete(key);
    this.entries.set(key, { version, page: frozen(page) });
    this.weight += weightOf(page);
    for (const oldest of this.entries.keys()) {
      if (this.weight <= MAX_CACHED_RECIPIENTS) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= weightOf(entry.page);
  }
}

const caches = new WeakMap<DbOrTx, RecipientPageCache>();
const cachedPages = new WeakSet<object>();

/** Whether `value` is a page some cache holds: frozen, so checked against its schema once (router.ts). */
export const isCachedPage = (value: object) => cachedPages.has(value);

/**
 * The cache of this database's pages; none inside a transaction, whose uncommitted writes (and version)
 * no other reader may be served.
 */
export function pageCacheOf(db: DbOrTx): RecipientPageCache | undefined {
  if (db instanceof PgTransaction) return undefined;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new RecipientPageCache()));
  return cache;
}

/** A page is shared by every request that reads it: nothing may change it in place. */
function frozen(page: RecipientPage): RecipientPage {
  for (const item of page.items) Object.freeze(Object.freeze(item).attributes);
  Object.freeze(page.items);
  cachedPages.add(page);
  return Object.freeze(page);
}
