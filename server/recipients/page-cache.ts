import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import type { TRecipientPage } from './schemas';

interface Entry {
  version: number;
  page: TRecipientPage;
  /** its places, counted once when kept */
  weight: number;
}

/**
 * Places kept per process: a page takes one, each recipient one more and one per attribute, so empty pages
 * (searches that found nothing) cannot pile up and the largest recipients count for more. About 100 full
 * default pages without attributes; at most about 12 MB even of recipients whose every field is full.
 */
const MAX_PLACES = 10_000;

function weightOf(page: TRecipientPage): number {
  let weight = 1;
  for (const item of page.items) weight += 1 + Object.keys(item.attributes).length;
  return weight;
}

/**
 * Pages of recipients read before, each kept with the list's `recipients_version` at the time it was read
 * (a random token the triggers of migrations 0020 and 0021 replace with every statement that writes the
 * list's recipients, a TRUNCATE included). A page is served again only after reading that one token and
 * finding it unchanged, so every instance answers what PostgreSQL holds, at once. The least recently
 * served pages go first once the cap is reached.
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

  set(key: string, version: number, page: TRecipientPage): void {
    this.delete(key);
    const weight = weightOf(page);
    this.entries.set(key, { version, page: frozen(page), weight });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.weight <= MAX_PLACES) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
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
  if (is(db, PgTransaction)) return undefined;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new RecipientPageCache()));
  return cache;
}

/** A page is shared by every request that reads it: nothing may change it in place. */
function frozen(page: TRecipientPage): TRecipientPage {
  for (const item of page.items) Object.freeze(Object.freeze(item).attributes);
  Object.freeze(page.items);
  cachedPages.add(page);
  return Object.freeze(page);
}
