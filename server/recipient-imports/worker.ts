import type { DatabaseHandle } from '@/db/client';
import { AppError } from '../errors';
import { logError } from '../log';
import { applyImport } from './apply';
import { claimNextImport, markFailed, markProgress, MAX_ATTEMPTS } from './queue';

/** A dead worker's job is picked up this long after its last sign of life (PGlite: at the next start). */
export const IMPORT_LEASE_SECONDS = 60;
export const DEFAULT_IMPORT_INTERVAL_MS = 5_000;

type Handle = Pick<DatabaseHandle, 'db' | 'kind'>;

/**
 * One round: claims and applies started imports until none is left. Progress is written beside the
 * job's transaction on PostgreSQL; PGlite has one connection, which the transaction holds, so there
 * the job goes from 0 to done at commit.
 */
export async function runImportJobs({ db, kind }: Handle, options: { sole?: boolean; leaseSeconds?: number; projects?: string[] } = {}): Promise<string[]> {
  const applied: string[] = [];
  for (;;) {
    const claim = await claimNextImport(db, options.leaseSeconds ?? IMPORT_LEASE_SECONDS, options.sole ?? false, options.projects);
    if (!claim) return applied;
    if (claim.attempt > MAX_ATTEMPTS) {
      await markFailed(db, claim, `The server stopped ${MAX_ATTEMPTS} times while applying this import; nothing of it was written`);
      continue;
    }
    const lease = options.leaseSeconds ?? IMPORT_LEASE_SECONDS;
    const progress = kind === 'postgres' ? (n: number) => markProgress(db, claim, n, lease) : async () => {};
    try {
      if (await applyImport(db, claim, progress)) applied.push(claim.id);
    } catch (error) {
      if (!(error instanceof AppError)) logError('recipient import failed', error);
      const message = error instanceof AppError ? error.message : 'The import failed';
      await markFailed(db, claim, `${message}. Nothing of it was written.`).catch((e) => logError('marking an import failed', e));
    }
  }
}

export interface ImportWorker {
  wake(): void;
  runNow(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The import worker of this process (server/surfaces/http/main.ts), run like the content scheduler: a
 * round at start (what a stopped instance left is picked up), on every wake (a started import) and on a
 * timer. Instances sharing one PostgreSQL claim with `skip locked`.
 */
export function startImportWorker(handle: Handle, intervalMs = DEFAULT_IMPORT_INTERVAL_MS): ImportWorker {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  let sole = handle.kind === 'pglite';
  const runNow = async (): Promise<string[]> => {
    while (running) await running.catch(() => undefined);
    if (stopped) return [];
    // only the first round may take over running jobs at once: they can only be a previous process's
    const options = { sole };
    sole = false;
    running = runImportJobs(handle, options).finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => void runNow().catch((error) => logError('recipient import round failed', error));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const worker: ImportWorker = {
    wake: tick,
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      if (globalThis.__shipnoteImportWorker === worker) globalThis.__shipnoteImportWorker = undefined;
    },
  };
  globalThis.__shipnoteImportWorker = worker;
  tick();
  return worker;
}
