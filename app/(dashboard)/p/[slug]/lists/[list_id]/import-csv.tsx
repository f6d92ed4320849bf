'use client';
import { useEffect, useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_WINDOW_HOURS } from '@/server/recipients/import-limits';
import type { TImport, TImportDetail } from '@/server/recipient-imports/schemas';
import { ImportPreview, PREVIEW_PAGE } from './import-preview';
import { ImportOutcome } from './import-outcome';

const POLL_MS = 1000;

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; file: string }
  | { kind: 'preview'; job: TImportDetail }
  | { kind: 'applying'; job: TImport };

/**
 * Upload the file once, preview on the server what it would change (nothing written), Import: the
 * server applies it in one transaction while this page polls; then the outcome, with Undo for 24 hours.
 */
export function ImportCsv({ projectId, listId, onChanged }: { projectId: string; listId: string; onChanged: () => Promise<void> }) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a tRPC client's routers are proxies made anew on each access: not an effect dependency
  const api = projectTrpc(projectId).recipientImports;

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    setError(null);
    setStage({ kind: 'idle' });
    if (!file) return;
    if (file.size === 0) return setError(`${file.name} is empty: export a list, or write a header row and one address per line`);
    if (file.size > IMPORT_MAX_BYTES) return setError(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it`);
    setStage({ kind: 'uploading', file: file.name });
    try {
      const created = await api.create.mutate({ list_id: listId, csv: await file.text(), file_name: file.name });
      setStage({ kind: 'preview', job: await api.get.query({ list_id: listId, import_id: created.id, limit: PREVIEW_PAGE }) });
    } catch (e) {
      setStage({ kind: 'idle' });
      setError(errorMessage(e));
    }
    input.value = '';
  }

  async function start(job: TImportDetail) {
    setBusy(true);
    setError(null);
    try {
      setStage({ kind: 'applying', job: await api.start.mutate({ list_id: listId, import_id: job.id }) });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const applying = stage.kind === 'applying' ? stage.job : null;
  const waiting = applying && (applying.status === 'queued' || applying.status === 'running');
  useEffect(() => {
    if (!applying || !waiting) return;
    const timer = setTimeout(async () => {
      try {
        const job = await projectTrpc(projectId).recipientImports.get.query({ list_id: listId, import_id: applying.id, limit: 1 });
        setStage({ kind: 'applying', job });
        if (job.status !== 'queued' && job.status !== 'running') await onChanged();
      } catch (e) {
        setError(errorMessage(e));
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [applying, waiting, projectId, listId, onChanged]);

  return (
    <div className="stack" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12, marginTop: 12 }}>
      <p className="muted" style={{ margin: 0 }}>
        Columns as in the export: <code className="wrap-anywhere">email,name,external_id,status,created_at,status_changed_at,attributes</code>; only{' '}
        <code>email</code> is required. At most {IMPORT_MAX_ROWS.toLocaleString('en')} rows. Rows marked removed or unsubscribed set that status
        on recipients already on the list; nobody who unsubscribed is ever made active again. You can undo an import for {IMPORT_WINDOW_HOURS} hours.
      </p>
      <label>
        CSV file
        <input type="file" accept=".csv,text/csv" style={{ minWidth: 0 }} onChange={(e) => choose(e.currentTarget)} disabled={stage.kind === 'uploading' || !!waiting} />
      </label>
      {stage.kind === 'uploading' && <p className="muted" role="status">Reading {stage.file} on the server…</p>}
      {error && <p className="error" role="alert">{error}</p>}
      {stage.kind === 'preview' && (
        <ImportPreview projectId={projectId} job={stage.job} busy={busy} onImport={() => start(stage.job)} onCancel={() => setStage({ kind: 'idle' })} />
      )}
      {applying && waiting && (
        <div className="stack" style={{ display: 'grid', gap: 4 }}>
          <p className="row" style={{ margin: 0 }}>
            <progress aria-label="Import progress" value={applying.processed} max={applying.total_rows} style={{ flex: 1 }} />
            <span>{applying.processed} of {applying.total_rows} rows</span>
          </p>
          <p className="muted" style={{ margin: 0 }}>The server applies the whole file at once; you can leave this page, it finishes anyway.</p>
        </div>
      )}
      {applying && !waiting && (
        <ImportOutcome projectId={projectId} job={applying} onUndone={async (job) => (setStage({ kind: 'applying', job }), await onChanged())} />
      )}
    </div>
  );
}
