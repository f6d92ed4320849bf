import { sql } from 'drizzle-orm';
import type { Transaction } from './types';

/**
 * Holds a lock named `key` until the transaction ends, so check-then-write steps under the same key
 * run one at a time across every connection and instance (a count that a cap depends on, say).
 */
export async function lockUntilCommit(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
