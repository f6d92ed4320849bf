'use client';
import Link from 'next/link';
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { AppRouter } from '@/server/root';
import { BannerProposal } from './banner-proposal';
import { KbSetPreview } from './kb-set-preview';

type Outputs = inferRouterOutputs<AppRouter>['commits'];

/** The preview of a window's drafts, "Generate drafts", then links to edit and publish them. */
export function GenerateDrafts(props: {
  projectId: string;
  slug: string;
  window: { since: string; until: string };
  includeHidden: boolean;
  preview: Outputs['preview'];
}) {
  const [drafts, setDrafts] = useState<Outputs['generateDrafts'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kbSet = props.preview.kb_set;
  const [withKbSet, setWithKbSet] = useState(kbSet.articles.length > 0);

  // a changelog of the same commits saved before (by an earlier visit, or by hand)
  const saved = drafts ? null : props.preview.saved_changelog;

  async function generate() {
    // a second press, or a second visit, makes a second set of drafts: only on purpose
    const before = drafts ? 'These drafts are saved already.' : saved ? `A changelog from these commits is saved already ("${saved.title}", ${saved.status}).` : null;
    if (before && !window.confirm(`${before} Save another set of drafts from the same commits?`)) return;
    setBusy(true);
    setError(null);
    try {
      setDrafts(await projectTrpc(props.projectId).commits.generateDrafts.mutate({ ...props.window, include_hidden: props.includeHidden, kb_set: withKbSet }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const { changelog, blog_post } = props.preview;
  return (
    <>
      <div className="row drafts-actions">
        <button type="button" onClick={generate} disabled={busy}>{busy ? 'Generating…' : drafts ? 'Generate again' : 'Generate drafts'}</button>
        <label className="inline">
          <input type="checkbox" checked={withKbSet} disabled={kbSet.articles.length === 0} onChange={(e) => setWithKbSet(e.target.checked)} />
          Knowledge-base articles ({kbSet.articles.length})
        </label>
        <span className="muted">Saves the changelog, the blog post{withKbSet ? ' and the knowledge-base articles' : ''} below as drafts. Nothing is published.</span>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {saved && (
        <p className="notice">
          A changelog from these commits is saved already: <Link href={`/p/${props.slug}/changelogs/${saved.id}`}>{saved.title}</Link> ({saved.status}).
        </p>
      )}
      {drafts && (
        <div className="notice" role="status">
          <p>Drafts saved. Edit and publish them on their pages:</p>
          <p className="row">
            <Link className="button" href={`/p/${props.slug}/changelogs/${drafts.changelog.id}`}>Edit changelog draft</Link>
            <Link className="button secondary" href={`/p/${props.slug}/posts/${drafts.blog_post.id}`}>Edit blog post draft</Link>
            {drafts.kb_set && (
              <Link className="button secondary" href={`/p/${props.slug}/kb/${drafts.kb_set.id}`}>Review knowledge-base draft</Link>
            )}
          </p>
        </div>
      )}
      <div className="drafts">
        <section className="card" aria-label="Changelog draft">
          <h3>{changelog.title}</h3>
          <div className="prose" dangerouslySetInnerHTML={{ __html: changelog.html }} />
        </section>
        <section className="card" aria-label="Blog post draft">
          <div className="prose" dangerouslySetInnerHTML={{ __html: blog_post.html }} />
        </section>
        <KbSetPreview draft={kbSet} />
      </div>
      <BannerProposal projectId={props.projectId} slug={props.slug} proposal={props.preview.banner} />
    </>
  );
}
