import './emails.css';

export interface Progress {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
  status: 'sending' | 'done';
  suppressed?: { total: number; hard_bounce: number; complaint: number; manual: number };
}

const SUPPRESSED_LABELS = [['hard_bounce', 'hard bounce'], ['complaint', 'spam complaint'], ['manual', 'added by hand']] as const;

/** The progress bar of a send: every recipient with an outcome counts as done. */
export function SendProgress({ send }: { send: Progress }) {
  const done = send.sent + send.failed + send.skipped;
  return (
    <div className="send-progress">
      <progress max={send.total} value={done} aria-label="Delivery progress">
        {done} of {send.total}
      </progress>
      <div className="send-counts">
        <span>{send.status === 'done' ? 'Done' : 'Sending'}: {done} of {send.total}</span>
        <span>{send.sent} sent</span>
        {send.failed > 0 && <span>{send.failed} failed</span>}
        {send.skipped > 0 && <span>{send.skipped} skipped</span>}
        {send.suppressed && send.suppressed.total > 0 && (
          <span data-testid="suppressed-counts">
            {send.suppressed.total} suppressed (
            {SUPPRESSED_LABELS.filter(([key]) => send.suppressed![key] > 0).map(([key, label]) => `${send.suppressed![key]} ${label}`).join(', ')})
          </span>
        )}
        {send.queued + send.sending > 0 && <span>{send.queued + send.sending} waiting</span>}
      </div>
    </div>
  );
}
