'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TImportDetail, TImportRow } from '@/server/recipient-imports/schemas';
import { ACTION_LABEL, changeText, rowsToWrite, summaryText } from './import-summary';

export const PREVIEW_PAGE = 200;

/** What the import would do, row by row, before anything is written; a file past the cap cannot go on. */
export function ImportPreview({ projectId, job, onImport, onCancel, busy }: {
  projectId: string;
  job: TImportDetail;
  onImport: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const [rows, setRows] = useState<TImportRow[]>(job.rows);
  const [next, setNext] = useState(job.next_offset);
  const [error, setError] = useState<string | null>(null);
  const overCap = job.active_after > job.active_limit;
  const changing = rowsToWrite(job);

  async function more() {
    try {
      const page = await projectTrpc(projectId).recipientImports.get.query({ list_id: job.list_id, import_id: job.id, offset: next ?? 0, limit: PREVIEW_PAGE });
      setRows((r) => [...r, ...page.rows]);
      setNext(page.next_offset);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <section aria-label="Import preview" className="stack" style={{ display: 'grid', gap: 8 }}>
      <h3 className="wrap-anywhere" style={{ margin: 0 }}>Preview of {job.file_name}</h3>
      <p data-testid="import-summary" style={{ margin: 0 }}>
        {job.total_rows} rows: {summaryText(job, false)}. Nothing has been written yet.
      </p>
      <p className={overCap ? 'error' : 'muted'} role={overCap ? 'alert' : undefined} style={{ margin: 0 }}>
        Active recipients: {job.active_before} now, {job.active_after} after the import (limit {job.active_limit}).
        {job.blocked_reason && ` ${job.blocked_reason}.`}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr><th>Row</th><th>Email</th><th>What happens</th><th>Changes</th></tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line} data-action={row.action}>
                <td>{row.line}</td>
                <td className="wrap-anywhere">{row.email}</td>
                <td>{ACTION_LABEL[row.action]}{row.reason && <span className="muted">: {row.reason}</span>}</td>
                <td className="wrap-anywhere">{row.changes.map((c) => <div key={c.field}>{changeText(c, row.action === 'create')}</div>)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next !== null && (
        <p className="row">
          <span className="muted">{job.total_rows - rows.length} more rows.</span>
          <button type="button" className="secondary" onClick={more}>Show more rows</button>
        </p>
      )}
      {error && <p className="error" role="alert">{error}</p>}
      <p className="row">
        <button type="button" onClick={onImport} disabled={busy || !job.can_start || changing === 0}>
          {changing === 0 ? 'Nothing to import' : `Import ${changing} ${changing === 1 ? 'row' : 'rows'}`}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>Cancel</button>
      </p>
    </section>
  );
}
