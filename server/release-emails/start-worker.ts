import { getDatabase } from '@/db/client';
import { config } from '../config';
import { getTransport } from '../email/transport';
import { startWorker } from './worker';

/**
 * Starts this process's release email worker (server/http/main.ts). Several processes on one
 * PostgreSQL server each run one; with PGlite the data lock makes this the only one.
 */
export async function startReleaseEmailWorker(): Promise<{ stop(): Promise<void> }> {
  const database = await getDatabase();
  const transport = getTransport();
  const worker = startWorker(database.db, transport, { ...config.email, soleWorker: database.kind === 'pglite' });
  globalThis.__shipnoteEmailWorker = worker;
  return {
    async stop() {
      await worker.stop();
      globalThis.__shipnoteEmailWorker = undefined;
      await transport.close();
    },
  };
}
