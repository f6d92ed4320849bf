import { db } from '@/db/client';
import { config } from '../config';
import type { Transport } from './message';
import { createOutboxTransport } from './outbox';
import { createSmtpTransport } from './smtp';

declare global {
  var __shipnoteTransport: Transport | undefined;
}

/** The process-wide transport: SMTP when SMTP_URL is set, otherwise the outbox in the database. */
export function getTransport(): Transport {
  globalThis.__shipnoteTransport ??= config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createOutboxTransport(db);
  return globalThis.__shipnoteTransport;
}

/** Replaces the process-wide transport (tests). */
export function installTransport(transport: Transport | undefined) {
  globalThis.__shipnoteTransport = transport;
}
