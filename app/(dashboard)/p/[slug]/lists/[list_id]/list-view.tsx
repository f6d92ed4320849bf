'use client';
import { useCallback, useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import type { TMailingList } from '@/server/mailing-lists/schemas';
import type { TImport } from '@/server/recipient-imports/schemas';
import { AddRecipients } from './add-recipients';
import { ImportCsv } from './import-csv';
import { RecentImports } from './recent-imports';
import { RecipientsTable } from './recipients-table';

/** One list: its counts, the recipients, and the ways to change them. Every change reloads the counts. */
export function ListView({ projectId, slug, initialList, initialImports }: { projectId: string; slug: string; initialList: TMailingList; initialImports: TImport[] }) {
  const [list, setList] = useState(initialList);
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState('');

  const changed = useCallback(async () => {
    setList(await projectTrpc(projectId).mailingLists.get.query({ list_id: list.id }));
    setVersion((v) => v + 1);
  }, [projectId, list.id]);

  const exportHref = `/p/${slug}/lists/${list.id}/export.csv${status ? `?status=${status}` : ''}`;
  return (
    <>
      <h1 className="wrap-anywhere">{list.name}</h1>
      <p className="row" data-testid="list-counts">
        <strong>{list.active_count} active</strong>
        <span className="muted">of 500 ·</span>
        <span>{list.removed_count} removed</span>
        <span className="muted">·</span>
        <span>{list.unsubscribed_count} unsubscribed</span>
        <span className="muted">· {list.recipient_count} in total</span>
      </p>
      <p className="row">
        <a className="button secondary" href={exportHref} download>
          Export CSV{status ? ` (${status})` : ''}
        </a>
      </p>
      <details className="card" style={{ marginBottom: 12 }}>
        <summary>Add addresses</summary>
        <AddRecipients projectId={projectId} listId={list.id} onChanged={changed} />
      </details>
      <details className="card">
        <summary>Import a CSV</summary>
        <ImportCsv projectId={projectId} listId={list.id} onChanged={changed} />
      </details>
      <RecentImports projectId={projectId} listId={list.id} initialItems={initialImports} version={version} onChanged={changed} />
      <RecipientsTable projectId={projectId} listId={list.id} version={version} status={status} onStatus={setStatus} onChanged={changed} />
    </>
  );
}
