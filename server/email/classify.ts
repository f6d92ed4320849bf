/** What a failed delivery attempt means for the next step. */
export type Outcome =
  | { kind: 'temporary'; reason: string }
  | { kind: 'rejected'; reason: string; hardBounce: boolean }
  | { kind: 'interrupted'; reason: string };

/**
 * An SMTP reply decides: 4xx is temporary, 5xx final. Without a reply (network, timeout) the attempt
 * is temporary unless the message was already handed over: then it may have arrived, so it is
 * never tried again automatically.
 */
export function classifyFailure(error: unknown, handedOver: boolean): Outcome {
  const e = (error ?? {}) as { responseCode?: number; response?: string; message?: string; code?: string };
  const reply = (e.response ?? '').trim().slice(0, 500);
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) {
    const reason = reply || `SMTP ${e.responseCode}`;
    return e.responseCode < 500 ? { kind: 'temporary', reason } : { kind: 'rejected', reason, hardBounce: isHardBounce(e.responseCode, reply) };
  }
  const detail = [e.code, e.message].filter(Boolean).join(': ').slice(0, 500) || 'unknown error';
  if (handedOver) {
    return { kind: 'interrupted', reason: `Connection lost after the message was handed over (${detail}); it may have arrived, so it is not sent again` };
  }
  return { kind: 'temporary', reason: detail };
}

// RFC 3463 subjects that say nothing about the address: 3 mail system, 5 protocol, 6 content, 7 policy
const NOT_THE_ADDRESS = new Set(['3', '5', '6', '7']);
// without an enhanced code: mailbox unavailable, user not local, mailbox name not allowed
const ADDRESS_REPLY_CODES = new Set([550, 551, 553]);

/**
 * Policy (docs/email.md): a 5xx reply is a hard bounce, which suppresses the address, unless its
 * enhanced status code blames something else than the address (policy, content, our own server), or,
 * without one, unless its code is not one of the address codes 550, 551, 553.
 */
export function isHardBounce(code: number, reply: string): boolean {
  if (code < 500 || code > 599) return false;
  const enhanced = /^\d{3}[ -](5)\.(\d{1,3})\.\d{1,3}\b/.exec(reply);
  if (enhanced) return !NOT_THE_ADDRESS.has(enhanced[2]!);
  return ADDRESS_REPLY_CODES.has(code);
}
