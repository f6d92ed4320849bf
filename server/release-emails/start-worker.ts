import { getDatabase, type Database } from '@/db/client';
import { config } from '../config';
import { getTransport } from '../email/transport';
import { sharedRedis } from '../redis';
import { databaseBudget, redisBudget, type EmailBudget } from './budget';
import { startWorker } from './worker';

/**
 * Starts this process's release email worker (server/surfaces/http/main.ts). Several processes on one
 * PostgreSQL server each run one and share one SMTP budget; with PGlite the data lock makes this the only one.
 */
export async function startReleaseEmailWorker(): Promise<{ stop(): Promise<void> }> {
  const database = await getDatabase();
  const transport = getTransport();
  // the throttle protects an SMTP server's limits; storing into the outbox needs none
  const maxPerMinute = transport.kind === 'smtp' ? config.email.maxPerMinute : Number.POSITIVE_INFINITY;
  const budget = transport.kind === 'smtp' ? sharedEmailBudget(database.db, maxPerMinute) : undefined;
  const worker = startWorker(database.db, transport, { ...config.email, maxPerMinute, budget, soleWorker: database.kind === 'pglite' });
  globalThis.__shipnoteEmailWorker = worker;
  return {
    async stop() {
      await worker.stop();
      globalThis.__shipnoteEmailWorker = undefined;
      await transport.close();
    },
  };
}

/** EMAIL_MAX_PER_MINUTE for all instances together: counted in Redis when configured, else in the database. */
export function sharedEmailBudget(db: Database, limit: number, options: { windowSeconds?: number; name?: string } = {}): EmailBudget {
  const shared = sharedRedis();
  return shared ? redisBudget(shared.redis, { limit, ...options }) : databaseBudget(db, { limit, ...options });
}
