'use client';
import { useEffect, useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TRecipient } from '@/server/recipients/schemas';
import { LIMITS } from '@/server/mailing-lists/schemas';
import { LocalTime } from '@/app/local-time';
import { EditRecipient, restoreRecipient } from './edit-recipient';

const TABS = [
  { status: '', label: 'All' },
  { status: 'active', label: 'Active' },
  { status: 'removed', label: 'Removed' },
  { status: 'unsubscribed', label: 'Unsubscribed' },
];
const PAGE_SIZE = 50;

interface Props {
  projectId: string;
  listId: string;
  /** bumped by the parent after every change, to reload the page shown */
  version: number;
  status: string;
  onStatus: (status: string) => void;
  onChanged: () => Promise<void>;
}

/** Status tabs, search and keyset paging over the list's recipients; edit, remove or restore from each row. */
export function RecipientsTable({ projectId, listId, version, status, onStatus, onChanged }: Props) {
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  // cursors[i] opens page i; going back pops
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<{ items: TRecipient[]; next_cursor: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    let current = true;
    projectTrpc(projectId).recipients.list
      .query({ list_id: listId, status: status || undefined, q: q || undefined, cursor, limit: PAGE_SIZE })
      .then((result) => current && (setPage(result), setError(null)))
      .catch((e) => current && setError(errorMessage(e)));
    return () => {
      current = false;
    };
  }, [projectId, listId, status, q, cursor, version]);

  function restart(next: () => void) {
    next();
    setCursors([undefined]);
  }

  async function remove(recipient: TRecipient) {
    if (!window.confirm(`Remove ${recipient.email} from this list? They stop receiving release emails.`)) return;
    try {
      await projectTrpc(projectId).recipients.remove.mutate({ list_id: listId, identifier: encodeURIComponent(recipient.email) });
      await onChanged();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function restore(recipient: TRecipient) {
    const problem = await restoreRecipient(projectId, listId, recipient);
    setError(problem);
    if (!problem) await onChanged();
  }

  async function saved() {
    setEditing(null);
    await onChanged();
  }

  return (
    <section aria-label="Recipients">
      <h2>Recipients</h2>
      <div className="row" role="tablist" aria-label="Status">
        {TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            aria-selected={status === tab.status}
            className={status === tab.status ? '' : 'secondary'}
            onClick={() => restart(() => onStatus(tab.status))}
          >
            {tab.label}
          </button>
        ))}
        <form className="row" style={{ marginLeft: 'auto' }} onSubmit={(e) => (e.preventDefault(), restart(() => setQ(query.trim())))}>
          <input aria-label="Search recipients" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Email, name or external ID" maxLength={LIMITS.search} />
          <button type="submit" className="secondary">Search</button>
        </form>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {page && page.items.length === 0 ? (
        <p className="muted">{q ? `No recipient matches "${q}".` : 'No recipients here yet.'}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Email</th>
              <th className="optional">Name</th>
              <th className="optional">External ID</th>
              <th>Status</th>
              <th className="optional">Added</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page?.items.map((r) =>
              editing === r.id ? (
                <tr key={r.id}>
                  <td colSpan={6}>
                    <EditRecipient projectId={projectId} listId={listId} recipient={r} onSaved={saved} onCancel={() => setEditing(null)} />
                  </td>
                </tr>
              ) : (
                <tr key={r.id}>
                  <td className="wrap-anywhere">{r.email}</td>
                  <td className="optional">{r.name ?? ''}</td>
                  <td className="optional"><code>{r.external_id ?? ''}</code></td>
                  <td>{r.status}</td>
                  <td className="optional"><LocalTime iso={r.created_at} style="date" /></td>
                  <td>
                    <div className="row">
                      {r.is_active && (
                        <>
                          <button type="button" className="secondary" onClick={() => setEditing(r.id)} aria-label={`Edit ${r.email}`}>Edit</button>
                          <button type="button" className="danger" onClick={() => remove(r)} aria-label={`Remove ${r.email}`}>Remove</button>
                        </>
                      )}
                      {r.status === 'removed' && (
                        <button type="button" className="secondary" onClick={() => restore(r)} aria-label={`Restore ${r.email}`}>Restore</button>
                      )}
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <p className="row">
        <button type="button" className="secondary" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous
        </button>
        <span className="muted">Page {cursors.length}</span>
        <button type="button" className="secondary" disabled={!page?.next_cursor} onClick={() => setCursors((c) => [...c, page!.next_cursor!])}>
          Next
        </button>
      </p>
    </section>
  );
}
