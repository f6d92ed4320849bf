'use client';
import { useEffect, useState } from 'react';
import { errorMessage, projectTrpc, trpc } from '@/app/trpc-client';
import { SendProgress } from '../send-progress';
import { LocalTime } from '@/app/local-time';

type Send = Awaited<ReturnType<typeof trpc.releaseEmails.get.query>>;
type Delivery = Awaited<ReturnType<typeof trpc.releaseEmails.ledger.query>>['items'][number];

/** Progress and per-recipient ledger, refreshed while the send runs; retry resends the failures only. */
export function SendView({ projectId, initialSend, initialLedger }: { projectId: string; initialSend: Send; initialLedger: Delivery[] }) {
  const [send, setSend] = useState(initialSend);
  const [ledger, setLedger] = useState(initialLedger);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = send.status === 'sending';

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      try {
        const input = { send_id: send.id };
        const [next, page] = await Promise.all([projectTrpc(projectId).releaseEmails.get.query(input), projectTrpc(projectId).releaseEmails.ledger.query({ ...input, limit: 500 })]);
        setSend(next);
        setLedger(page.items);
      } catch (e) {
        setError(errorMessage(e));
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [running, projectId, send.id]);

  async function retry() {
    setBusy(true);
    setError(null);
    try {
      setSend((await projectTrpc(projectId).releaseEmails.retry.mutate({ send_id: send.id })).send);
    } catch (e) {
      setError(errorMessage(e));
    }
    setBusy(false);
  }

  return (
    <>
      <SendProgress send={send} />
      {send.retryable > 0 && (
        <p className="row">
          <button type="button" onClick={retry} disabled={busy}>Retry {send.retryable} failed</button>
          <span className="muted">Sends again to the failed recipients only.</span>
        </p>
      )}
      {error && <p className="error" role="alert">{error}</p>}
      <h2>Recipients</h2>
      <table>
        <thead>
          <tr>
            <th>Email</th>
            <th>Outcome</th>
            <th className="optional">Details</th>
            <th className="optional">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((d) => (
            <tr key={d.id}>
              <td>{d.email}</td>
              <td><span className={`delivery-status ${d.status}`}>{d.status}</span></td>
              <td className="optional">{d.reason ?? (d.sent_at ? <LocalTime iso={d.sent_at} style="time" /> : '')}</td>
              <td className="optional">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {send.total > ledger.length && <p className="muted">Showing the first {ledger.length} of {send.total} recipients.</p>}
    </>
  );
}
