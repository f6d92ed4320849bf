'use client';
import { useEffect, useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import { LocalTime } from '@/app/local-time';
import type { TContentKind } from '@/server/content/schemas';

interface Publishable {
  id: string;
  status: 'draft' | 'published';
  public_url: string | null;
  publish_at: string | null;
  publish_email_list_id: string | null;
}

type Action = 'save' | 'publish' | 'schedule' | 'unpublish';

const NOTICES: Record<Action, string> = { save: 'Saved', publish: 'Published', schedule: 'Scheduled', unpublish: 'Back to draft' };

/**
 * Status, Save, Publish / Unpublish, scheduling (a time, and for changelogs and posts a release email
 * list) and the public link of an item being edited. Publishing and scheduling save first, so what
 * goes live is what the author sees.
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
  const [publishAt, setPublishAt] = useState('');
  const [listId, setListId] = useState('');
  const lists = useMailingLists(props.projectId, props.kind !== 'kb_set');
  useGoingLive(props.projectId, props.kind, props.item, props.onChange);

  async function run(action: Action) {
    if (action === 'schedule' && Date.parse(localToIso(publishAt)) <= Date.now()) {
      setNotice(null);
      return setError('Choose a time in the future, or press Publish now');
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const saved = action === 'unpublish' ? props.item : await props.save();
      if (!saved) return;
      const api = projectTrpc(props.projectId).content;
      const input = { kind: props.kind, id: saved.id };
      const next =
        action === 'save' ? saved
        : action === 'unpublish' ? await api.unpublish.mutate(input)
        : action === 'publish' ? await api.publish.mutate(input)
        : await api.publish.mutate({ ...input, publish_at: localToIso(publishAt), email_list_id: listId || undefined });
      props.onChange(next as unknown as T);
      setNotice(NOTICES[action]);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const item = props.item;
  const published = item?.status === 'published';
  const scheduled = !published && item?.publish_at ? item.publish_at : null;
  // a schedule that went live while the editor was open (useGoingLive) no longer reads "Scheduled"
  const shownNotice = notice === NOTICES.schedule && published ? 'Published on schedule' : notice;
  const emailList = lists?.find((l) => l.id === item?.publish_email_list_id);
  return (
    <div className="stack">
      <div className="editor-actions">
        <span className={`status ${published ? 'published' : scheduled ? 'scheduled' : ''}`} data-testid="status">
          {published ? 'Published' : scheduled ? <>Scheduled for <LocalTime iso={scheduled} /></> : 'Draft'}
        </span>
        {scheduled && emailList && <span className="muted">then emails “{emailList.name}”</span>}
        <button type="button" className="secondary" disabled={busy} onClick={() => run('save')}>Save</button>
        {published ? (
          <button type="button" className="danger" disabled={busy} onClick={() => run('unpublish')}>Unpublish</button>
        ) : (
          <button type="button" disabled={busy} onClick={() => run('publish')}>Publish now</button>
        )}
        {scheduled && (
          <button type="button" className="secondary" disabled={busy} onClick={() => run('unpublish')}>Cancel schedule</button>
        )}
        {published && item?.public_url && (
          <a href={item.public_url} target="_blank" rel="noopener">View public page</a>
        )}
        {shownNotice && <span className="muted" role="status">{shownNotice}</span>}
        {error && <span className="error" role="alert">{error}</span>}
      </div>
      {!published && (
        <div className="editor-actions schedule">
          <label>
            Publish at <input type="datetime-local" step={1} value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
          </label>
          {lists && lists.length > 0 && (
            <label>
              Then email{' '}
              <select value={listId} onChange={(e) => setListId(e.target.value)}>
                <option value="">no one</option>
                {lists.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
              </select>
            </label>
          )}
          <button type="button" className="secondary" disabled={busy || !publishAt} onClick={() => run('schedule')}>
            {scheduled ? 'Reschedule' : 'Schedule'}
          </button>
        </div>
      )}
    </div>
  );
}

const ROUTERS = { changelog: 'changelogs', blog_post: 'blogPosts', kb_set: 'kbSets' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A scheduled item goes live while its editor is open: once it is due, it is read again (every 5 s
 * for two minutes, as the scheduler runs) so the bar stops offering "Publish now" and "Cancel schedule".
 */
function useGoingLive<T extends Publishable>(projectId: string, kind: TContentKind, item: T | null, onChange: (item: T) => void) {
  const id = item?.id;
  const due = item?.status === 'draft' ? item.publish_at : null;
  useEffect(() => {
    if (!id || !due) return;
    const wait = Date.parse(due) - Date.now();
    if (wait > DAY_MS) return; // nobody keeps an editor open that long; a reload shows it
    let timer: ReturnType<typeof setTimeout>;
    let tries = 0;
    // a read still on its way when the editor changes (Cancel schedule) or closes must not land
    let stopped = false;
    const check = async () => {
      try {
        const fresh = (await projectTrpc(projectId)[ROUTERS[kind]].manage.get.query({ id })) as unknown as T;
        if (stopped) return;
        if (fresh.status !== 'draft' || fresh.publish_at !== due) return onChange(fresh);
      } catch {
        // offline for a moment: the next check tries again
      }
      if (!stopped && ++tries < 24) timer = setTimeout(check, 5_000);
    };
    timer = setTimeout(check, Math.max(0, wait) + 1_000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [projectId, kind, id, due, onChange]);
}

/** The project's mailing lists, for the release email of a scheduled publish; null until loaded or when not wanted. */
function useMailingLists(projectId: string, wanted: boolean) {
  const [lists, setLists] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    projectTrpc(projectId).mailingLists.list.query().then(setLists, () => setLists([]));
  }, [projectId, wanted]);
  return lists;
}

/** A `datetime-local` value (the browser's time zone) as ISO 8601; the server refuses what is not a time. */
function localToIso(value: string): string {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}
