'use client';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TImport } from '@/server/recipient-imports/schemas';
import { formatTime } from '@/app/format';
import { LocalTime, useIsClient } from '@/app/local-time';
import { summaryText } from './import-summary';

const STATUS: Record<TImport['status'], string> = {
  ready: 'Preview, not imported',
  queued: 'Waiting',
  running: 'Importing',
  done: 'Imported',
  failed: 'Failed',
  undone: 'Undone',
};

function isInFlight(job: TImport) {
  return job.status === 'queued' || job.status === 'running';
}

/** The list's recent imports with their outcome and Undo; follows one still running. */
export function RecentImports({ projectId, listId, initialItems, version, onChanged }: {
  projectId: string;
  listId: string;
  initialItems: TImport[];
  version: number;
  onChanged: () => Promise<void>;
}) {
  const [items, setItems] = useState<TImport[]>(initialItems);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const inFlight = items.some(isInFlight);
  const client = useIsClient();

  useEffect(() => {
    // the server read them for the first render: fetch again only after a change or while one runs
    if (version === 0 && tick === 0) return;
    let current = true;
    projectTrpc(projectId)
      .recipientImports.list.query({ list_id: listId }).then((r) => current && setItems(r.items)).catch((e) => current && setError(errorMessage(e)));
    return () => {
      current = false;
    };
  }, [projectId, listId, version, tick]);
  // a job that finished while this page watched it changed the list: reload the counts and recipients
  const wasInFlight = useRef(initialItems.some(isInFlight));
  useEffect(() => {
    if (wasInFlight.current && !inFlight) void onChanged();
    wasInFlight.current = inFlight;
  }, [inFlight, onChanged]);
  useEffect(() => {
    if (!inFlight) return;
    const timer = setTimeout(() => setTick((t) => t + 1), 2000);
    return () => clearTimeout(timer);
  }, [inFlight, items]);

  async function undo(job: TImport) {
    if (!window.confirm(`Undo the import of ${job.file_name}? Every recipient it changed is put back as it was; those it added are removed.`)) return;
    setBusy(job.id);
    setError(null);
    try {
      await projectTrpc(projectId).recipientImports.undo.mutate({ list_id: listId, import_id: job.id });
      await onChanged();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  const shown = items.filter((i) => i.status !== 'ready');
  if (!shown.length && !error) return null;
  return (
    <section aria-label="Recent imports" className="card" style={{ marginTop: 12 }}>
      <h2 style={{ marginTop: 0 }}>Recent imports</h2>
      {error && <p className="error" role="alert">{error}</p>}
      <div className="table-scroll">
        <table>
          <thead>
            <tr><th>File</th><th className="optional">Started</th><th>Status</th><th>Rows</th><th /></tr>
          </thead>
          <tbody>
            {shown.map((job) => (
              <tr key={job.id}>
                <td className="wrap-anywhere">{job.file_name}</td>
                <td className="optional"><LocalTime iso={job.started_at ?? job.created_at} /></td>
                <td>
                  {STATUS[job.status]}
                  {job.status === 'running' && ` (${job.processed} of ${job.total_rows})`}
                  {job.status === 'failed' && <div className="muted">{job.error}</div>}
                </td>
                <td>{job.status === 'done' || job.status === 'undone' ? summaryText(job, true) : `${job.total_rows} rows`}</td>
                <td>
                  {job.undo_until && (
                    <button type="button" className="secondary" disabled={busy === job.id} onClick={() => undo(job)} title={client ? `Possible until ${formatTime(job.undo_until)}` : undefined}>
                      Undo
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
