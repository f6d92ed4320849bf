'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TImport } from '@/server/recipient-imports/schemas';
import { LocalTime } from '@/app/local-time';
import { summaryText } from './import-summary';

/** How an import ended (done, failed, undone), with Undo while its 24 hours last. */
export function ImportOutcome({ projectId, job, onUndone }: { projectId: string; job: TImport; onUndone: (job: TImport) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function undo() {
    if (!window.confirm(`Undo the import of ${job.file_name}? Every recipient it changed is put back as it was; those it added are removed.`)) return;
    setBusy(true);
    setError(null);
    try {
      await onUndone(await projectTrpc(projectId).recipientImports.undo.mutate({ list_id: job.list_id, import_id: job.id }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  if (job.status === 'failed') return <p className="error" role="alert">Import of {job.file_name} failed: {job.error}</p>;
  return (
    <div className="notice wrap-anywhere" role="status" data-testid="import-outcome">
      {job.status === 'undone' && job.undo ? (
        <>
          <p>
            Import of {job.file_name} undone: {job.undo.restored} put back as they were, {job.undo.removed} added by it removed
            {job.undo.skipped.length > 0 && `, ${job.undo.skipped.length} left as they are`}.
          </p>
          {job.undo.skipped.length > 0 && (
            <ul>{job.undo.skipped.map((s) => <li key={s.email}>{s.email}: {s.reason}</li>)}</ul>
          )}
        </>
      ) : (
        <p>Import of {job.file_name} finished: {summaryText(job, true)}.</p>
      )}
      {job.undo_until && (
        <p className="row">
          <button type="button" className="secondary" onClick={undo} disabled={busy}>Undo this import</button>
          <span className="muted">possible until <LocalTime iso={job.undo_until} /></span>
        </p>
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
