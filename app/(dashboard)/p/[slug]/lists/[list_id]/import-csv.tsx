'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import { IMPORT_MAX_ROWS, parseImportCsv, type ParsedImport } from '@/server/recipients/csv-import';
import type { TUpsertResult } from '@/server/recipients/schemas';
import { ImportPreview, type Preview } from './import-preview';

// Small chunks so the progress bar moves on files of a few thousand rows.
const CHUNK = 250;

type Stage =
  | { kind: 'idle' }
  | { kind: 'preview'; file: string; parsed: ParsedImport; preview: Preview | null }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; result: TUpsertResult; failure?: string };

/** Upload, preview what would change (nothing written yet), then import in chunks with progress. */
export function ImportCsv({ projectId, listId, onChanged }: { projectId: string; listId: string; onChanged: () => Promise<void> }) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    setError(null);
    setStage({ kind: 'idle' });
    if (!file) return;
    try {
      const parsed = parseImportCsv(await file.text());
      if (parsed.entries.length > IMPORT_MAX_ROWS) throw new Error(`A file may hold at most ${IMPORT_MAX_ROWS} rows to import; split it`);
      const recipients = parsed.entries.map((e) => e.entry);
      const preview = recipients.length
        ? await projectTrpc(projectId).recipients.previewImport.mutate({ list_id: listId, recipients })
        : null;
      setStage({ kind: 'preview', file: file.name, parsed, preview });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function run(parsed: ParsedImport) {
    const entries = parsed.entries.map((e) => e.entry);
    const total: TUpsertResult = { added: 0, updated: 0, reactivated: 0, unchanged: 0, skipped_unsubscribed: 0, invalid: [], conflicts: [] };
    setStage({ kind: 'importing', done: 0, total: entries.length });
    let failure: string | undefined;
    for (let i = 0; i < entries.length; i += CHUNK) {
      try {
        const part = await projectTrpc(projectId).recipients.upsert.mutate({ list_id: listId, recipients: entries.slice(i, i + CHUNK) });
        for (const key of ['added', 'updated', 'reactivated', 'unchanged', 'skipped_unsubscribed'] as const) total[key] += part[key];
        total.invalid.push(...part.invalid);
        total.conflicts.push(...part.conflicts);
      } catch (e) {
        failure = `Stopped at file line ${parsed.entries[i]!.line}: ${errorMessage(e)} The rows before it were imported.`;
        break;
      }
      setStage({ kind: 'importing', done: Math.min(i + CHUNK, entries.length), total: entries.length });
    }
    setStage({ kind: 'done', result: total, failure });
    await onChanged();
  }

  return (
    <div className="stack" style={{ display: 'grid', gap: 12, marginTop: 12 }}>
      <p className="muted" style={{ margin: 0 }}>
        Columns as in the export: <code>email,name,external_id,status,created_at,status_changed_at,attributes</code>. Only{' '}
        <code>email</code> is required. Rows marked removed or unsubscribed are left out, and nobody who unsubscribed is ever added back.
      </p>
      <label>
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0])} disabled={stage.kind === 'importing'} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      {stage.kind === 'preview' && (
        <ImportPreview file={stage.file} parsed={stage.parsed} preview={stage.preview} onImport={() => run(stage.parsed)} onCancel={() => setStage({ kind: 'idle' })} />
      )}
      {stage.kind === 'importing' && (
        <p className="row">
          <progress aria-label="Import progress" value={stage.done} max={stage.total} style={{ flex: 1 }} />
          <span>{stage.done} of {stage.total} rows</span>
        </p>
      )}
      {stage.kind === 'done' && (
        <div className={stage.failure ? 'error' : 'notice'} role="status">
          {stage.failure && <p>{stage.failure}</p>}
          <p>
            Import finished: {stage.result.added} added, {stage.result.updated} updated, {stage.result.reactivated} reactivated,{' '}
            {stage.result.unchanged} unchanged, {stage.result.skipped_unsubscribed} skipped (unsubscribed), {stage.result.conflicts.length}{' '}
            conflicts, {stage.result.invalid.length} invalid.
          </p>
        </div>
      )}
    </div>
  );
}
