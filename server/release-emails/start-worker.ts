import { getDatabase } from '@/db/client';
import { config } from '../config';
import { getTransport } from '../email/transport';
import { startWorker } from './worker';

/**
 * Starts this process's release email worker (server/surfaces/http/main.ts). Several processes on one
 * PostgreSQL server each run one; with PGlite the data lock makes this the only one.
 */
export async function startReleaseEmailWorker(): Promise<{ stop(): Promise<void> }> {
  const database = await getDatabase();
  const transport = getTransport();
  // the throttle protects an SMTP server's limits; storing into the outbox needs none
  const maxPerMinute = transport.kind === 'smtp' ? config.email.maxPerMinute : Number.POSITIVE_INFINITY;
  const worker = startWorker(database.db, transport, { ...config.email, maxPerMinute, soleWorker: database.kind === 'pglite' });
  globalThis.__shipnoteEmailWorker = worker;
  return {
    async stop() {
      await worker.stop();
      globalThis.__shipnoteEmailWorker = undefined;
      await transport.close();
    },
  };
}
