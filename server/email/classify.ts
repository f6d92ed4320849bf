/** What a failed delivery attempt means for the next step. */
export type Outcome =
  | { kind: 'temporary'; reason: string }
  | { kind: 'rejected'; reason: string }
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
    return e.responseCode < 500 ? { kind: 'temporary', reason: reply || `SMTP ${e.responseCode}` } : { kind: 'rejected', reason: reply || `SMTP ${e.responseCode}` };
  }
  const detail = [e.code, e.message].filter(Boolean).join(': ').slice(0, 500) || 'unknown error';
  if (handedOver) {
    return { kind: 'interrupted', reason: `Connection lost after the message was handed over (${detail}); it may have arrived, so it is not sent again` };
  }
  return { kind: 'temporary', reason: detail };
}
