import type { TImport, TImportRow } from '@/server/recipient-imports/schemas';

/** "2 to create, 1 to update ...": the summary counts that are not zero, in the words of the preview or the outcome. */
export function summaryText(job: Pick<TImport, 'summary'>, done: boolean): string {
  const s = job.summary;
  const parts = [
    [s.create, done ? 'created' : 'to create'],
    [s.update, done ? 'updated' : 'to update'],
    [s.reactivate, done ? 'reactivated' : 'to reactivate'],
    [s.status, done ? 'status changed' : 'status to change'],
    [s.unchanged, 'unchanged'],
    [s.skipped, 'skipped'],
  ] as const;
  return parts.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`).join(', ') || 'nothing';
}

/** The rows an import would write: the button counts these, not the skipped or unchanged ones. */
export function rowsToWrite({ summary: s }: Pick<TImport, 'summary'>): number {
  return s.create + s.update + s.reactivate + s.status;
}

export const ACTION_LABEL: Record<TImportRow['action'], string> = {
  create: 'New recipient',
  update: 'Update',
  reactivate: 'Reactivate',
  status: 'Status change',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
};

/** A field change as one line: `name: Ada → Ada Lovelace`, or `name: Ada` on a new recipient. */
export function changeText(change: TImportRow['changes'][number], created: boolean): string {
  const show = (v: string | null) => (v === null || v === '' ? '—' : v);
  return created ? `${change.field}: ${show(change.after)}` : `${change.field}: ${show(change.before)} → ${show(change.after)}`;
}

