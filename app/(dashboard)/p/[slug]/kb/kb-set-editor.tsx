'use client';
import { CONTENT_LIMITS } from '@/server/content/limits';
import { useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import type { TKbArticle, TManagedKbSet } from '@/server/content/kinds/kb-set-schemas';
import { MarkdownField } from '../_content/markdown-field';
import { PublishBar } from '../_content/publish-bar';
import { EditorHeading } from '../_content/editor-heading';
import { useUnsavedChanges } from '../_content/unsaved-changes';

type Row = TKbArticle & { key: number };

let nextKey = 0;
const row = (article: TKbArticle): Row => ({ ...article, key: nextKey++ });

export function KbSetEditor({ projectId, projectSlug, initial }: { projectId: string; projectSlug: string; initial: TManagedKbSet | null }) {
  const [item, setItem] = useState(initial);
  const [title, setTitle] = useState(initial?.title ?? 'Help center');
  const [articles, setArticles] = useState<Row[]>(() =>
    initial ? (JSON.parse(initial.content).articles as TKbArticle[]).map(row) : [row({ category: 'Getting started', title: '', body: '' })],
  );
  const [open, setOpen] = useState<number | null>(articles[0]?.key ?? null);
  const { markSaved } = useUnsavedChanges({ title, articles });

  const update = (key: number, patch: Partial<TKbArticle>) => setArticles((all) => all.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  const move = (index: number, by: number) =>
    setArticles((all) => {
      const next = [...all];
      const [moved] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, moved!);
      return next;
    });

  async function save() {
    const plain = articles.map(({ key: _key, ...article }) => article);
    const sent = { title, articles };
    const saved = await projectTrpc(projectId).kbSets.manage.save.mutate({ id: item?.id, title, articles: plain });
    setItem(saved);
    markSaved(sent);
    // a new draft gets its own address, so reloading keeps editing it
    if (!item) window.history.replaceState(null, '', `/p/${projectSlug}/kb/${saved.id}`);
    return saved;
  }

  return (
    <>
      <EditorHeading noun="article set" saved={Boolean(item)} />
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <label>
          Title of the set <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={CONTENT_LIMITS.title} />
        </label>
        {item?.source && <p className="notice">Mirrored from {item.source}: edits here are overwritten by the next sync.</p>}
        <h2>Articles ({articles.length})</h2>
        {articles.map((article, index) => (
          <fieldset className="kb-row" key={article.key} aria-label={`Article ${index + 1}`}>
            <div className="kb-row-head">
              <label>
                Category <input value={article.category} onChange={(e) => update(article.key, { category: e.target.value })} required maxLength={CONTENT_LIMITS.category} />
              </label>
              <label>
                Article title <input value={article.title} onChange={(e) => update(article.key, { title: e.target.value })} required maxLength={CONTENT_LIMITS.title} />
              </label>
              <div className="row">
                <button type="button" className="secondary" aria-label="Move up" disabled={index === 0} onClick={() => move(index, -1)}>↑</button>
                <button type="button" className="secondary" aria-label="Move down" disabled={index === articles.length - 1} onClick={() => move(index, 1)}>↓</button>
                <button type="button" className="secondary" onClick={() => setOpen(open === article.key ? null : article.key)}>
                  {open === article.key ? 'Close' : 'Edit body'}
                </button>
                <button type="button" className="danger" onClick={() => setArticles((all) => all.filter((a) => a.key !== article.key))}>Remove</button>
              </div>
            </div>
            {open === article.key && (
              <MarkdownField label="Body (markdown)" value={article.body} onChange={(body) => update(article.key, { body })} rows={12} />
            )}
          </fieldset>
        ))}
        <p>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              const added = row({ category: articles.at(-1)?.category ?? 'General', title: '', body: '' });
              setArticles((all) => [...all, added]);
              setOpen(added.key);
            }}
          >
            Add article
          </button>
        </p>
        <PublishBar projectId={projectId} kind="kb_set" item={item} save={save} onChange={setItem} />
      </form>
    </>
  );
}
