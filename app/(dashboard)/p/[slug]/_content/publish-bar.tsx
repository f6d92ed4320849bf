'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TContentKind } from '@/server/content/schemas';

interface Publishable {
  id: string;
  status: 'draft' | 'published';
  public_url: string | null;
}

/**
 * Status, Save, Publish / Unpublish and the public link of an item being edited. Publishing saves
 * first, so what goes live is what the author sees.
 */
export function PublishBar<T extends Publishable>(props: {
  projectId: string;
  kind: TContentKind;
  item: T | null;
  save: () => Promise<T | null>;
  onChange: (item: T) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(action: 'save' | 'publish' | 'unpublish') {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const saved = action === 'unpublish' ? props.item : await props.save();
      if (!saved) return;
      const input = { kind: props.kind, id: saved.id };
      const next =
        action === 'save' ? saved
        : action === 'publish' ? ((await projectTrpc(props.projectId).content.publish.mutate(input)) as unknown as T)
        : ((await projectTrpc(props.projectId).content.unpublish.mutate(input)) as unknown as T);
      props.onChange(next);
      setNotice(action === 'save' ? 'Saved' : action === 'publish' ? 'Published' : 'Unpublished: back to draft');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const published = props.item?.status === 'published';
  return (
    <div className="editor-actions">
      <span className={`status ${published ? 'published' : ''}`} data-testid="status">{published ? 'Published' : 'Draft'}</span>
      <button type="button" className="secondary" disabled={busy} onClick={() => run('save')}>Save</button>
      {published ? (
        <button type="button" className="danger" disabled={busy} onClick={() => run('unpublish')}>Unpublish</button>
      ) : (
        <button type="button" disabled={busy} onClick={() => run('publish')}>Publish</button>
      )}
      {published && props.item?.public_url && (
        <a href={props.item.public_url} target="_blank" rel="noopener">View public page</a>
      )}
      {notice && <span className="muted" role="status">{notice}</span>}
      {error && <span className="error" role="alert">{error}</span>}
    </div>
  );
}
