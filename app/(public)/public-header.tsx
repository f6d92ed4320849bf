import Link from 'next/link';
import type { TPublicProject } from '@/server/content/schemas';
import { loadSubscribeForm } from './public-data';

/** The project's name, linking to its public page, on every public page; its markdown, RSS and email side by side. */
export async function PublicHeader({ project, feedUrl, markdownUrl }: { project: TPublicProject; feedUrl?: string; markdownUrl?: string }) {
  const subscribe = await loadSubscribeForm(project.slug);
  return (
    <header className="pub-header">
      <Link className="pub-brand" href={new URL(project.url).pathname}>{project.name}</Link>
      {markdownUrl && <a className="pub-rss" href={markdownUrl} type="text/markdown">Markdown</a>}
      {feedUrl && <a className="pub-rss" href={feedUrl}>RSS</a>}
      {subscribe && (
        // a plain form: works without script, and is the same one the dashboard offers to embed
        <form className="pub-subscribe" method="post" action={new URL(subscribe.action_url).pathname}>
          <input type="email" name="email" required maxLength={254} placeholder="you@example.com" aria-label="Your email address" />
          <button type="submit">Get updates by email</button>
        </form>
      )}
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="pub-footer">
      Published with <Link href="/">Shipnote</Link>
    </footer>
  );
}
