'use client';
import { BANNER_LIMITS } from '@/server/banner/schemas';
import { useState } from 'react';
import { useOneAtATime } from '@/app/one-at-a-time';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TBannerState } from '@/server/banner/schemas';
import { CopyButton } from '../keys/copy-button';
import { BannerPreview, type PreviewContent } from './banner-preview';
import { BannerHistory } from './banner-history';
import { BannerPages } from './banner-pages';
import { BannerStatus } from './banner-status';

/** Characters as the server counts them: code points of the trimmed text. */
const chars = (text: string) => [...text.trim()].length;

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
  // a message shows where its action was taken: the publish form's beside Publish, the others at the top
  const [message, setMessage] = useState<{ text: string; failed: boolean; at: 'top' | 'form' } | null>(null);

  /** Runs one change at a time, then reloads the state so status, times and page link are the server's. */
  const [run, busy] = useOneAtATime(async (action: () => Promise<unknown>, done: string, at: 'top' | 'form' = 'top') => {
    setMessage(null);
    try {
      await action();
      setState(await projectTrpc(projectId).banner.get.query());
      setMessage({ text: done, failed: false, at });
    } catch (e) {
      setMessage({ text: errorMessage(e, FIELD_LABELS), failed: true, at });
    }
  });

  function publish() {
    const tooLong = overLimit(content);
    if (tooLong) return setMessage({ text: tooLong, failed: true, at: 'form' });
    const input = { ...content, link_url: content.link_url.trim() || null };
    return run(() => projectTrpc(projectId).banner.publish.mutate(input), 'Published. It is live on your site within a few seconds.', 'form');
  }

  const shown = (at: 'top' | 'form') =>
    message?.at === at &&
    (message.failed ? <p className="error" role="alert">{message.text}</p> : <p className="notice" role="status">{message.text}</p>);

  const field = (name: keyof PreviewContent, label: string, hint?: string) => {
    const limit = name === 'link_url' ? undefined : BANNER_LIMITS[name];
    return (
      <label>
        <span className="row">
          {label}
          {limit && (
            <span className={chars(content[name]) > limit ? 'error' : 'muted'} style={{ marginLeft: 'auto', fontWeight: 400 }}>
              {chars(content[name])}/{limit}
            </span>
          )}
        </span>
        <input
          name={name}
          value={content[name]}
          onChange={(e) => setContent({ ...content, [name]: e.target.value })}
          // the limits count characters, maxLength UTF-16 units (an emoji is two): the counter flags the rest
          maxLength={limit ? limit * 2 : 2048}
          aria-invalid={limit !== undefined && chars(content[name]) > limit}
          placeholder={hint}
        />
      </label>
    );
  };

  return (
    <>
      <BannerStatus state={state} busy={busy} projectId={projectId} run={run} />
      {shown('top')}
      <BannerHistory state={state} busy={busy} projectId={projectId} run={run} />
      <BannerPages state={state} busy={busy} projectId={projectId} run={run} />

      <h2>Preview</h2>
      <p className="row">
        <button type="button" className={narrow ? 'secondary' : ''} aria-pressed={!narrow} onClick={() => setNarrow(false)}>Desktop</button>
        <button type="button" className={narrow ? '' : 'secondary'} aria-pressed={narrow} onClick={() => setNarrow(true)}>Phone</button>
      </p>
      <BannerPreview content={content} narrow={narrow} />

      <h2>{state.banner ? 'New version' : 'Write the banner'}</h2>
      <form
        className="stack card"
        onSubmit={(e) => {
          e.preventDefault();
          void publish();
        }}
      >
        {field('headline', FIELD_LABELS.headline, 'Dark mode is here')}
        {field('body', FIELD_LABELS.body, 'One sentence; hidden on phones')}
        {field('link_url', FIELD_LABELS.link_url, 'https://… (leave empty for no button)')}
        {field('cta_label', FIELD_LABELS.cta_label)}
        {field('badge', FIELD_LABELS.badge, 'Leave empty for no badge')}
        {shown('form')}
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

/** "Headline is 3 characters over its limit of 80." for the first field past its limit, before a round trip. */
function overLimit(content: PreviewContent): string | null {
  for (const name of ['headline', 'body', 'cta_label', 'badge'] as const) {
    const over = chars(content[name]) - BANNER_LIMITS[name];
    if (over > 0) return `${FIELD_LABELS[name]} is ${over} ${over === 1 ? 'character' : 'characters'} over its limit of ${BANNER_LIMITS[name]}.`;
  }
  return null;
}

/** The same tag with the "What's new" launcher instead of the bar (docs/widget.md). */
function launcherHtml(embedHtml: string): string {
  return embedHtml.replace(' async>', ' data-mode="changelog" data-target="#whats-new" async>');
}
