import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** What the peer answers for one message: accept, or an SMTP error code and text. */
export type Verdict = { accept: true } | { code: number; message: string };

export interface SmtpPeer {
  url: string;
  received: ReceivedMessage[];
  /** decides each message after its data arrived; accepts by default */
  verdict: (to: string[]) => Verdict | Promise<Verdict>;
  /** called at RCPT TO, before the data: a test can hold a delivery here */
  onRecipient: (address: string) => void | Promise<void>;
  /** decides each recipient at RCPT TO, as servers refuse unknown mailboxes; accepts by default */
  rcptVerdict: (address: string) => Verdict;
  /** resolves once `n` messages were accepted */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (the `smtp-server` package), recording what it accepted. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const waiters: { n: number; resolve: () => void }[] = [];
  const peer = {
    received: [] as ReceivedMessage[],
    verdict: (): Verdict => ({ accept: true }),
    onRecipient: () => {},
    rcptVerdict: (): Verdict => ({ accept: true }),
  } as unknown as SmtpPeer;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const verdict = peer.rcptVerdict(address.address);
      if (!('accept' in verdict)) return callback(Object.assign(new Error(verdict.message), { responseCode: verdict.code }));
      Promise.resolve(peer.onRecipient(address.address)).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const verdict = await peer.verdict(to);
        if (!('accept' in verdict)) {
          const error = Object.assign(new Error(verdict.message), { responseCode: verdict.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        peer.received.push({ from, to, raw, parsed: await simpleParser(raw) });
        for (const w of waiters.filter((w) => peer.received.length >= w.n)) w.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  peer.url = `smtp://127.0.0.1:${port}`;
  peer.waitFor = (n, timeoutMs = 20_000) =>
    peer.received.length >= n
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`SMTP peer got ${peer.received.length} of ${n} messages`)), timeoutMs);
          waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
        });
  peer.close = () => new Promise((resolve) => server.close(() => resolve()));
  return peer;
}

/** How many messages each address received. */
export function countByAddress(peer: SmtpPeer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of peer.received) for (const to of m.to) counts[to] = (counts[to] ?? 0) + 1;
  return counts;
}

/** A header exactly as it arrived (unfolded), or undefined. */
export function rawHeader(message: ReceivedMessage, name: string): string | undefined {
  const line = message.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
}

/** The URL of the List-Unsubscribe header. */
export function unsubscribeLinkOf(message: ReceivedMessage): string {
  return /^<([^>]+)>$/.exec(rawHeader(message, 'List-Unsubscribe') ?? '')?.[1] ?? '';
}
