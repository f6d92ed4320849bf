/**
 * A release email worker in a process of its own, for the crash test: it is killed with SIGKILL
 * mid-send and started again on the same database. Not a test file; crash.test.ts spawns it.
 */
import { installDatabase, openPglite, openPostgres } from '@/db/client';
import { createSmtpTransport } from '@/server/email/smtp';
import { startWorker } from '../worker';

async function main() {
  const url = process.env.DATABASE_URL;
  const handle = url ? await openPostgres(url, 2) : await openPglite(process.env.DATA_DIR!);
  installDatabase(handle);
  const worker = startWorker(handle.db, createSmtpTransport(process.env.SMTP_URL!), {
    maxPerMinute: 60_000,
    maxAttempts: 3,
    retryBaseSeconds: 0.2,
    leaseSeconds: Number(process.env.EMAIL_LEASE_SECONDS ?? 2),
    soleWorker: !url,
    pollMs: 50,
    projects: JSON.parse(process.env.WORKER_PROJECTS ?? '[]') as string[],
    // the crash test waits for this instead of sleeping: nothing was left to deliver
    onIdle: () => console.log('worker idle'),
  });
  console.log('worker ready');
  process.once('SIGTERM', async () => {
    await worker.stop();
    await handle.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
