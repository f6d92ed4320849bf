import type { Database } from '@/db/client';
import type { Transport } from '../email/message';
import { classifyFailure } from '../email/classify';
import type { EmailBudget } from './budget';
import { logError } from '../log';
import { recordSuppression } from '../suppressions/internal';
import { prepareDelivery } from './build-email';
import { claimNext, completeIfDone, markFailed, markHandoff, markRetry, markSent, markSkipped, recoverAbandoned } from './queue';

const MAX_BACKOFF_SECONDS = 3600;

export interface WorkerSettings {
  /** this worker's own pace; `budget` shares the same number between every instance */
  maxPerMinute: number;
  /** the budget every instance draws from (SMTP); none for the outbox */
  budget?: EmailBudget;
  maxAttempts: number;
  retryBaseSeconds: number;
  leaseSeconds: number;
  /** this process is the only worker on the database (PGlite): every claimed delivery is abandoned */
  soleWorker: boolean;
  /** how often an idle worker looks for due deliveries and abandoned claims */
  pollMs?: number;
  /** only these projects' deliveries (tests run several workers on one database) */
  projects?: string[];
  /** called after a pass that found nothing due: everything claimable was delivered or recorded */
  onIdle?: () => void;
}

export interface Worker {
  wake(): void;
  /** Stops claiming and waits for the delivery in flight to be recorded. */
  stop(): Promise<void>;
}

/** Delivers queued release emails one at a time, at most `maxPerMinute` here and within `budget`, until stopped. */
export function startWorker(db: Database, transport: Transport, settings: WorkerSettings, log = logError): Worker {
  let stopping = false;
  let interrupt: (() => void) | null = null;
  let idle = false;
  // wake() ends only an idle wait; the spacing between deliveries (the throttle) always holds
  const pause = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      }
      interrupt = done;
      idle = wakeable;
    });

  async function run() {
    const recovered = await recoverAbandoned(db, settings.soleWorker, settings.projects);
    for (const sendId of recovered) await completeIfDone(db, sendId);
    const spacing = 60_000 / settings.maxPerMinute;
    while (!stopping) {
      const started = Date.now();
      let worked = false;
      let spent = 0; // ms until the shared budget allows another email
      try {
        spent = (await settings.budget?.take()) ?? 0;
        if (spent === 0) {
          worked = await deliverNext(db, transport, settings);
          if (!worked) await settings.budget?.refund();
          if (!worked) for (const sendId of await recoverAbandoned(db, false, settings.projects)) await completeIfDone(db, sendId);
          if (!worked) settings.onIdle?.();
        }
      } catch (error) {
        log('release email worker', error);
      }
      if (stopping) break;
      if (spent > 0) await pause(spent, false);
      else await pause(worked ? Math.max(0, spacing - (Date.now() - started)) : (settings.pollMs ?? 2000), !worked);
    }
  }

  const running = run().catch((error) => log('release email worker stopped', error));
  return {
    wake() {
      if (idle) interrupt?.();
    },
    async stop() {
      stopping = true;
      interrupt?.();
      await running;
    },
  };
}

/** Claim, hand over, record: one delivery. False when nothing is due. */
async function deliverNext(db: Database, transport: Transport, settings: WorkerSettings): Promise<boolean> {
  const delivery = await claimNext(db, settings.leaseSeconds, settings.projects);
  if (!delivery) return false;
  const prepared = await prepareDelivery(db, delivery);
  if ('skip' in prepared) {
    await markSkipped(db, delivery.id, prepared.skip, prepared.suppressedFor);
  } else {
    let handedOver = false;
    try {
      await transport.deliver(prepared.email, {
        onHandoff: async () => {
          await markHandoff(db, delivery.id);
          handedOver = true;
        },
      });
      await markSent(db, delivery.id, prepared.email.messageId);
    } catch (error) {
      const outcome = classifyFailure(error, handedOver);
      if (outcome.kind === 'temporary' && delivery.attempts < settings.maxAttempts) {
        const delay = Math.min(settings.retryBaseSeconds * 2 ** (delivery.attempts - 1), MAX_BACKOFF_SECONDS);
        await markRetry(db, delivery.id, `${outcome.reason} (attempt ${delivery.attempts} of ${settings.maxAttempts}; retrying)`, delay);
      } else if (outcome.kind === 'temporary') {
        await markFailed(db, delivery.id, 'exhausted', `${outcome.reason} (gave up after ${delivery.attempts} attempts)`);
      } else {
        await markFailed(db, delivery.id, outcome.kind, outcome.reason);
        if (outcome.kind === 'rejected' && outcome.hardBounce) {
          await recordSuppression(db, { projectId: delivery.projectId, email: delivery.email, reason: 'hard_bounce', source: 'smtp', detail: outcome.reason });
        }
      }
    }
  }
  await completeIfDone(db, delivery.sendId);
  return true;
}
