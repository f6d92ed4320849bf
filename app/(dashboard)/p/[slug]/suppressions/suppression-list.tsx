'use client';
import { useState } from 'react';
import { useOneAtATime } from '@/app/one-at-a-time';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TSuppression } from '@/server/suppressions/schemas';
import { REASON_LABEL } from './labels';

/** The active list with Remove (a reason required), an add-by-hand form, and what was removed and why. */
export function SuppressionList({ projectId, initialActive, initialRemoved, more }: { projectId: string; initialActive: TSuppression[]; initialRemoved: TSuppression[]; more: boolean }) {
  const [active, setActive] = useState(initialActive);
  const [removed, setRemoved] = useState(initialRemoved);
  const [removing, setRemoving] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [address, setAddress] = useState('');
  // where the failed action was: the add form, or the address whose removal failed (shown in its row)
  const [error, setError] = useState<{ text: string; at: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [run, running] = useOneAtATime(async (action: () => Promise<void>, at: string | null) => {
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setError({ text: errorMessage(e), at });
    }
  });

  const remove = (email: string) =>
    run(async () => {
      const row = await projectTrpc(projectId).suppressions.remove.mutate({ email, reason });
      setActive(active.filter((s) => s.email !== email));
      setRemoved([row, ...removed.filter((s) => s.email !== email)]);
      setRemoving(null);
      setReason('');
      setNotice(`${email} was taken off the list`);
    }, email);

  const add = () =>
    run(async () => {
      const row = await projectTrpc(projectId).suppressions.add.mutate({ email: address });
      setActive([...active.filter((s) => s.email !== row.email), row].sort((a, b) => a.email.localeCompare(b.email)));
      setRemoved(removed.filter((s) => s.email !== row.email));
      setAddress('');
      setNotice(`${row.email} is suppressed`);
    }, null);

  return (
    <>
      <form className="row" onSubmit={(e) => { e.preventDefault(); void add(); }}>
        <label style={{ flex: 1 }}>
          Suppress an address
          <input type="email" value={address} onChange={(e) => setAddress(e.target.value)} placeholder="someone@example.com" required />
        </label>
        <button type="submit" className="secondary" disabled={running}>Suppress</button>
      </form>
      {notice && <p className="muted" role="status">{notice}</p>}
      {error && error.at === null && <p className="error" role="alert">{error.text}</p>}
      <h2>Suppressed addresses</h2>
      {active.length === 0 ? (
        <p className="muted">No address is suppressed.</p>
      ) : (
        <table aria-label="Suppressed addresses">
          <thead>
            <tr>
              <th>Address</th>
              <th>Reason</th>
              <th className="optional">Source</th>
              <th className="optional">Last event</th>
              <th className="optional">Events</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {active.map((s) => (
              <tr key={s.email}>
                <td>
                  {s.email}
                  {s.detail && <div className="muted">{s.detail}</div>}
                </td>
                <td>{REASON_LABEL[s.reason]}</td>
                <td className="optional">{s.source}</td>
                <td className="optional">{s.last_event_at.slice(0, 16).replace('T', ' ')}</td>
                <td className="optional">{s.event_count}</td>
                <td>
                  {removing === s.email ? (
                    <form className="row" onSubmit={(e) => { e.preventDefault(); void remove(s.email); }}>
                      <input aria-label={`Reason to remove ${s.email}`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Why may it receive again?" maxLength={500} required />
                      <button type="submit" className="danger" disabled={running}>Remove</button>
                      <button type="button" className="secondary" onClick={() => { setRemoving(null); setError(null); }}>Cancel</button>
                      {error?.at === s.email && <p className="error" role="alert" style={{ flexBasis: '100%', margin: 0 }}>{error.text}</p>}
                    </form>
                  ) : (
                    <button type="button" className="secondary" onClick={() => { setRemoving(s.email); setReason(''); setError(null); }} aria-label={`Remove ${s.email}`}>Remove…</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && <p className="muted">Showing the first {active.length} addresses; the API pages through all of them.</p>}
      {removed.length > 0 && (
        <>
          <h2>Taken off the list</h2>
          <table aria-label="Removed suppressions">
            <thead>
              <tr>
                <th>Address</th>
                <th>Was</th>
                <th>Why it was removed</th>
                <th className="optional">Removed</th>
              </tr>
            </thead>
            <tbody>
              {removed.map((s) => (
                <tr key={s.email}>
                  <td>{s.email}</td>
                  <td>{REASON_LABEL[s.reason]}</td>
                  <td>{s.removal_reason}</td>
                  <td className="optional">{s.removed_at?.slice(0, 16).replace('T', ' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
