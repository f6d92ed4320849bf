import { Readable } from 'node:stream';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { composeMime } from './compose';
import type { DeliveryHooks, OutgoingEmail, Transport } from './message';

// Bounded, so a claimed delivery always finishes well inside its lease (config.email.leaseSeconds).
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * SMTP through nodemailer's SMTP connection, one connection per message. Used directly rather than
 * through a transporter because only here is the message read after the server said 354, so the
 * handoff hook runs exactly between "all data sent" and the end-of-data mark.
 */
export function createSmtpTransport(url: string): Transport {
  const options = { ...parseConnectionUrl(url), ...TIMEOUTS };
  return {
    kind: 'smtp',
    async deliver(email: OutgoingEmail, hooks: DeliveryHooks = {}) {
      const mime = await composeMime(email, new Date());
      return session(options, async (connection) => {
        if (options.auth) await new Promise<void>((resolve, reject) => connection.login(options.auth as SMTPConnection.Credentials, (e) => (e ? reject(e) : resolve())));
        return new Promise<{ response: string }>((resolve, reject) => {
          let answered = false;
          // on an envelope error nodemailer drains the stream after calling back: no handoff then
          const message = gatedStream(mime, async () => {
            if (!answered) await hooks.onHandoff?.();
          });
          connection.send({ from: email.from.address, to: [email.to.address] }, message, (error, info) => {
            answered = true;
            if (error) reject(error);
            else resolve({ response: info.response });
          });
        });
      });
    },
    close: async () => {},
  };
}

/** Connects, runs `work`, quits; a connection error or early close fails the work. */
async function session<T>(options: SMTPConnection.Options, work: (c: SMTPConnection) => Promise<T>): Promise<T> {
  const connection = new SMTPConnection(options);
  let fail!: (error: Error) => void;
  const broken = new Promise<never>((_, reject) => (fail = reject));
  broken.catch(() => {});
  connection.on('error', (error) => fail(error));
  connection.once('end', () => fail(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })));
  try {
    await Promise.race([broken, new Promise<void>((resolve, reject) => connection.connect((e) => (e ? reject(e) : resolve())))]);
    return await Promise.race([broken, work(connection)]);
  } finally {
    connection.removeAllListeners('end');
    connection.on('error', () => {});
    connection.quit();
  }
}

/**
 * The message as a stream that ends only once `beforeEnd` resolved: the SMTP end-of-data mark is
 * written after the stream ends, so the hook runs before the server can accept the message.
 */
function gatedStream(message: Buffer, beforeEnd: () => Promise<void>): Readable {
  let state: 'body' | 'gate' | 'done' = 'body';
  return new Readable({
    read() {
      if (state === 'body') {
        state = 'gate';
        this.push(message);
      } else if (state === 'gate') {
        state = 'done';
        beforeEnd().then(
          () => this.push(null),
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
    },
  });
}
