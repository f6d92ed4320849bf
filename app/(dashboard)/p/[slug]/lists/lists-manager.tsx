'use client';
import Link from 'next/link';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TMailingList } from '@/server/mailing-lists/schemas';
import { LIMITS } from '@/server/mailing-lists/schemas';
import { LocalTime } from '@/app/local-time';

export function ListsManager({ projectId, slug, initialLists }: { projectId: string; slug: string; initialLists: TMailingList[] }) {
  const [lists, setLists] = useState(initialLists);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const list = await projectTrpc(projectId).mailingLists.create.mutate({ name });
      setLists((current) => [...current, list]);
      // keep whatever was typed meanwhile
      setName((current) => (current === name ? '' : current));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="card row" onSubmit={create} aria-label="New list">
        <label style={{ flex: 1 }}>
          List name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={LIMITS.listName} placeholder="Product updates" aria-invalid={!!error} aria-describedby="list-error" />
        </label>
        <button type="submit" disabled={busy}>Create list</button>
        {error && <p id="list-error" className="error" role="alert" style={{ flexBasis: '100%', margin: 0 }}>{error}</p>}
      </form>
      <h2>{lists.length} of {LIMITS.listsPerProject} lists</h2>
      {lists.length === 0 ? (
        <p className="muted">No lists yet. Create one, then add addresses or import a CSV.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Active</th>
              <th className="optional">Removed</th>
              <th className="optional">Unsubscribed</th>
              <th>Total</th>
              <th className="optional">Created</th>
            </tr>
          </thead>
          <tbody>
            {lists.map((list) => (
              <tr key={list.id}>
                <td className="wrap-anywhere"><Link href={`/p/${slug}/lists/${list.id}`}>{list.name}</Link></td>
                <td>{list.active_count} / {LIMITS.activePerList}</td>
                <td className="optional">{list.removed_count}</td>
                <td className="optional">{list.unsubscribed_count}</td>
                <td>{list.recipient_count}</td>
                <td className="optional"><LocalTime iso={list.created_at} style="date" /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
