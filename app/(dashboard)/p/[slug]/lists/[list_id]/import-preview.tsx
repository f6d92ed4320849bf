'use client';
import type { ParsedImport } from '@/server/recipients/csv-import';
import type { TUpsertResult } from '@/server/recipients/schemas';

export interface Preview {
  result: TUpsertResult;
  outcomes: string[];
  active_before: number;
  active_after: number;
  active_limit: number;
}

const LABEL: Record<string, string> = {
  added: 'will be added',
  updated: 'will be updated',
  reactivated: 'will be reactivated',
  unchanged: 'unchanged',
  skipped_unsubscribed: 'skipped: unsubscribed',
  conflict: 'skipped: conflict',
  invalid: 'skipped: invalid address',
};
const SHOWN_ROWS = 200;

/** What the import would do, row by row, before anything is written; a file past the cap cannot go on. */
export function ImportPreview({ file, parsed, preview, onImport, onCancel }: {
  file: string;
  parsed: ParsedImport;
  preview: Preview | null;
  onImport: () => void;
  onCancel: () => void;
}) {
  const overCap = !!preview && preview.active_after > preview.active_limit;
  const rows = [
    ...parsed.entries.map((e, i) => ({ line: e.line, email: e.entry.email, what: LABEL[preview!.outcomes[i]!]! })),
    ...parsed.skipped.map((s) => ({ line: s.line, email: s.email, what: `left out: ${s.reason}` })),
  ].sort((a, b) => a.line - b.line);
  const r = preview?.result;
  return (
    <section aria-label="Import preview" className="stack" style={{ display: 'grid', gap: 8 }}>
      <h3 style={{ margin: 0 }}>Preview of {file}</h3>
      <ul data-testid="import-summary">
        <li>{r?.added ?? 0} to add</li>
        <li>{r?.updated ?? 0} to update</li>
        <li>{r?.reactivated ?? 0} to reactivate</li>
        <li>{r?.unchanged ?? 0} unchanged</li>
        <li>{r?.skipped_unsubscribed ?? 0} skipped because they unsubscribed</li>
        <li>{(r?.conflicts.length ?? 0) + (r?.invalid.length ?? 0) + parsed.skipped.length} skipped for a conflict, an invalid address or left out of the file</li>
      </ul>
      {preview && (
        <p className={overCap ? 'error' : 'muted'} role={overCap ? 'alert' : undefined}>
          Active recipients: {preview.active_before} now, {preview.active_after} after the import (limit {preview.active_limit}).
          {overCap && ' This is over the limit: nothing has been written. Remove rows or recipients first.'}
        </p>
      )}
      <table>
        <thead>
          <tr><th>Line</th><th>Email</th><th>What happens</th></tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((row) => (
            <tr key={row.line}><td>{row.line}</td><td>{row.email}</td><td>{row.what}</td></tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN_ROWS && <p className="muted">…and {rows.length - SHOWN_ROWS} more rows.</p>}
      <p className="row">
        <button type="button" onClick={onImport} disabled={!preview || overCap}>
          Import {parsed.entries.length} rows
        </button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </p>
    </section>
  );
}
