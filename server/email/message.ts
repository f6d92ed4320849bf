/** One email as the domains hand it to a transport; the same shape is stored in the outbox. */
export interface OutgoingEmail {
  /** `<...@host>`: stable per delivery, so handing the same email over twice can be recognised */
  messageId: string;
  from: { name: string; address: string };
  to: { name?: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** extra headers (List-Unsubscribe ...), written as given */
  headers: Record<string, string>;
  /** who the outbox shows it to: a project's email (a release email has its send), or a user's own account email */
  owner: { projectId: string; sendId?: string } | { userId: string };
}

export interface DeliveryHooks {
  /**
   * Called, and awaited, after the whole message went to the server and before the end-of-data
   * mark: from then on the server may have accepted it, so a crash leaves its outcome unknown.
   */
  onHandoff?: () => Promise<void>;
}

export interface Transport {
  kind: 'smtp' | 'outbox';
  deliver(email: OutgoingEmail, hooks?: DeliveryHooks): Promise<{ response: string }>;
  close(): Promise<void>;
}

/** The headers the outbox shows and the MIME message carries, in order. */
export function headerList(email: OutgoingEmail, date: Date): [string, string][] {
  return [
    ['From', formatAddress(email.from)],
    ['To', email.to.name ? formatAddress({ name: email.to.name, address: email.to.address }) : email.to.address],
    ['Subject', email.subject],
    ['Date', date.toUTCString()],
    ['Message-ID', email.messageId],
    ...Object.entries(email.headers),
  ];
}

/** RFC 5322 quoted-string: quotes and backslashes escaped (the name stays as written), line breaks dropped. */
function formatAddress({ name, address }: { name: string; address: string }) {
  return `"${name.replace(/[\r\n]/g, '').replace(/["\\]/g, '\\$&')}" <${address}>`;
}

/** A Message-ID for `id` on the app's host. */
export function messageIdFor(id: string, appUrl: string): string {
  return `<${id}@${new URL(appUrl).hostname}>`;
}
