'use client';
import { BANNER_LIMITS } from '@/server/banner/schemas';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TBannerState } from '@/server/banner/schemas';
import { CopyButton } from '../keys/copy-button';
import { BannerPreview, type PreviewContent } from './banner-preview';
import { BannerHistory } from './banner-history';
import { BannerPages } from './banner-pages';
import { BannerStatus } from './banner-status';

const chars = (text: string) => [...text].length;

function initialContent(state: TBannerState): PreviewContent {
  const b = state.banner;
  return b
    ? { headline: b.headline, body: b.body, cta_label: b.cta_label, badge: b.badge, link_url: b.link_url ?? '' }
    : { headline: '', body: '', cta_label: 'Learn more', badge: 'New', link_url: '' };
}

/** The form's labels, also for the server's messages about a field. */
const FIELD_LABELS = { headline: 'Headline', body: 'Body', link_url: 'Link URL', cta_label: 'Button label', badge: 'Badge' };

export function BannerEditor({ projectId, initialState }: { projectId: string; initialState: TBannerState }) {
  const [state, setState] = useState(initialState);
  const [content, setContent] = useState(() => initialContent(initialState));
  const [narrow, setNarrow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** Runs one change, then reloads the state so status, times and page link are the server's. */
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
      setState(await projectTrpc(projectId).banner.get.query());
      setNotice(done);
    } catch (e) {
      setError(errorMessage(e, FIELD_LABELS));
    } finally {
      setBusy(false);
    }
  }

  function publish() {
    const input = { ...content, link_url: content.link_url.trim() || null };
    return run(() => projectTrpc(projectId).banner.publish.mutate(input), 'Published. It is live on your site within a few seconds.');
  }

  const field = (name: keyof PreviewContent, label: string, hint?: string) => {
    const limit = name === 'link_url' ? undefined : BANNER_LIMITS[name];
    return (
      <label>
        <span className="row">
          {label}
          {limit && <span className="muted" style={{ marginLeft: 'auto', fontWeight: 400 }}>{chars(content[name])}/{limit}</span>}
        </span>
        <input
          name={name}
          value={content[name]}
          onChange={(e) => setContent({ ...content, [name]: e.target.value })}
          maxLength={limit ? limit * 2 : 2048}
          placeholder={hint}
        />
      </label>
    );
  };

  return (
    <>
      <BannerStatus state={state} busy={busy} projectId={projectId} run={run} />
      {error && <p className="error" role="alert">{error}</p>}
      {notice && <p className="notice" role="status">{notice}</p>}
      <BannerHistory state={state} busy={busy} projectId={projectId} run={run} />
      <BannerPages state={state} busy={busy} projectId={projectId} run={run} />

      <h2>Preview</h2>
      <p className="row">
        <button type="button" className={narrow ? 'secondary' : ''} aria-pressed={!narrow} onClick={() => setNarrow(false)}>Desktop</button>
        <button type="button" className={narrow ? '' : 'secondary'} aria-pressed={narrow} onClick={() => setNarrow(true)}>Phone</button>
      </p>
      <BannerPreview content={content} narrow={narrow} />

      <h2>{state.banner ? 'New version' : 'Write the banner'}</h2>
      <form className="stack card" action={publish}>
        {field('headline', FIELD_LABELS.headline, 'Dark mode is here')}
        {field('body', FIELD_LABELS.body, 'One sentence; hidden on phones')}
        {field('link_url', FIELD_LABELS.link_url, 'https://… (leave empty for no button)')}
        {field('cta_label', FIELD_LABELS.cta_label)}
        {field('badge', FIELD_LABELS.badge, 'Leave empty for no badge')}
        <p className="row">
          <button type="submit" disabled={busy}>{state.status === 'live' ? 'Publish (replaces the live banner)' : 'Publish'}</button>
        </p>
      </form>

      <h2>Embed on your site</h2>
      <p className="muted">Add this once, anywhere in your pages. It shows whatever banner is live.</p>
      <p className="row">
        <code className="token" data-testid="embed-code">{state.embed_html}</code>
        <CopyButton text={state.embed_html} />
      </p>
      <p className="muted">
        Or, instead of the bar, a &ldquo;What&rsquo;s new&rdquo; badge on an element of your site (here the one with id <code>whats-new</code>)
        counting the changelogs published since the visitor last looked; a click opens the latest ones.
      </p>
      <p className="row">
        <code className="token" data-testid="launcher-code">{launcherHtml(state.embed_html)}</code>
        <CopyButton text={launcherHtml(state.embed_html)} />
      </p>
    </>
  );
}

/** The same tag with the "What's new" launcher instead of the bar (docs/widget.md). */
function launcherHtml(embedHtml: string): string {
  return embedHtml.replace(' async>', ' data-mode="changelog" data-target="#whats-new" async>');
}
