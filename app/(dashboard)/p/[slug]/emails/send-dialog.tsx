'use client';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { errorMessage, projectTrpc, trpc } from '@/app/trpc-client';

type Kind = 'changelog' | 'blog_post';
type Preview = Awaited<ReturnType<typeof trpc.releaseEmails.preview.query>>;

interface Props {
  projectId: string;
  slug: string;
  lists: { id: string; name: string; active: number }[];
  items: { kind: Kind; id: string; title: string }[];
}

/** The send dialog: pick a published item and a list, see who receives it and the email itself, send. */
export function SendDialog({ projectId, slug, lists, items }: Props) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const latest = useRef(0);
  const [item, setItem] = useState('');
  const [listId, setListId] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [kind, id] = item.split(':') as [Kind, string];

  // the preview follows the two choices; a slower earlier answer never replaces a newer one
  function choose(nextItem: string, nextList: string) {
    setItem(nextItem);
    setListId(nextList);
    setPreview(null);
    setError(null);
    const request = ++latest.current;
    if (!nextItem || !nextList) return;
    const [k, i] = nextItem.split(':') as [Kind, string];
    projectTrpc(projectId).releaseEmails.preview
      .query({ list_id: nextList, kind: k, id: i })
      .then((p) => request === latest.current && setPreview(p))
      .catch((e) => request === latest.current && setError(errorMessage(e)));
  }

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const started = await projectTrpc(projectId).releaseEmails.send.mutate({ list_id: listId, kind, id });
      router.push(`/p/${slug}/emails/${started.id}`);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  if (items.length === 0 || lists.length === 0) {
    return <p className="notice">To send a release email, first publish a changelog or blog post and create a mailing list.</p>;
  }
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>New release email</button>
      <dialog ref={dialog} className="send-dialog" aria-label="Send a release email">
        <div className="stack" style={{ display: 'grid', gap: 12 }}>
          <h2 style={{ margin: 0 }}>Send a release email</h2>
          <label>
            Item
            <select value={item} onChange={(e) => choose(e.target.value, listId)}>
              <option value="">Choose a published item…</option>
              <optgroup label="Changelogs">
                {items.filter((i) => i.kind === 'changelog').map((i) => <option key={i.id} value={`${i.kind}:${i.id}`}>{i.title}</option>)}
              </optgroup>
              <optgroup label="Blog posts">
                {items.filter((i) => i.kind === 'blog_post').map((i) => <option key={i.id} value={`${i.kind}:${i.id}`}>{i.title}</option>)}
              </optgroup>
            </select>
          </label>
          <label>
            List
            <select value={listId} onChange={(e) => choose(item, e.target.value)}>
              <option value="">Choose a list…</option>
              {lists.map((l) => <option key={l.id} value={l.id}>{l.name} ({l.active} active)</option>)}
            </select>
          </label>
          {preview && (
            <>
              <p data-testid="send-audience">
                <strong className="wrap-anywhere">{preview.list_name}</strong>: {preview.will_receive} of {preview.active_count} active recipients will receive it
                {preview.will_receive < preview.active_count && ` (${skippedWhy(preview.active_count - preview.will_receive, preview.suppressed)})`}.
              </p>
              <p className="muted">From {preview.from} · Subject: {preview.subject}</p>
              <iframe className="email-preview" title="Email preview" sandbox="" srcDoc={preview.html} />
            </>
          )}
          {error && <p className="error" role="alert">{error}</p>}
          <div className="row">
            <button type="button" disabled={!preview || preview.will_receive === 0 || busy} onClick={send}>
              Send to {preview ? preview.will_receive : '…'} recipients
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>Cancel</button>
          </div>
        </div>
      </dialog>
    </>
  );
}

/** Why some active recipients will not receive it: the suppression list, an earlier send, or both. */
function skippedWhy(skipped: number, suppressed: number) {
  if (suppressed === 0) return 'the others already received this item';
  const earlier = skipped - suppressed;
  return `${suppressed} on the suppression list${earlier > 0 ? `, ${earlier} already received this item` : ''}`;
}
