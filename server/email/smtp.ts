import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { composeMime } from './compose';
import type { DeliveryHooks, OutgoingEmail, Transport } from './message';

// Bounded, so a claimed delivery always finishes well inside its lease (config.email.leaseSeconds).
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** SMTP through nodemailer: one connection per message, no pool to go stale between sends. */
export function createSmtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport(new SMTPTransport({ url, ...TIMEOUTS }));
  return {
    kind: 'smtp',
    async deliver(email: OutgoingEmail, hooks: DeliveryHooks = {}) {
      const mime = await composeMime(email, new Date());
      const info = await transporter.sendMail({
        envelope: { from: email.from.address, to: [email.to.address] },
        raw: gatedStream(mime, hooks.onHandoff),
      });
      return { response: info.response };
    },
    close: async () => transporter.close(),
  };
}

/**
 * The message as a stream that ends only once `beforeEnd` resolved: nodemailer writes the SMTP
 * end-of-data mark after the stream ends, so the hook runs before the server can accept it.
 */
function gatedStream(message: Buffer, beforeEnd?: () => Promise<void>): Readable {
  let state: 'body' | 'gate' | 'done' = 'body';
  return new Readable({
    read() {
      if (state === 'body') {
        state = 'gate';
        this.push(message);
      } else if (state === 'gate') {
        state = 'done';
        Promise.resolve(beforeEnd?.()).then(
          () => this.push(null),
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
    },
  });
}
