import Link from 'next/link';
import type { TPublicProject } from '@/server/content/schemas';

/** The project's name, linking to its public page, on every public page. */
export function PublicHeader({ project, feedUrl, markdownUrl }: { project: TPublicProject; feedUrl?: string; markdownUrl?: string }) {
  return (
    <header className="pub-header">
      <Link className="pub-brand" href={new URL(project.url).pathname}>{project.name}</Link>
      {markdownUrl && <a className="pub-rss" href={markdownUrl} type="text/markdown">Markdown</a>}
      {feedUrl && <a className="pub-rss" href={feedUrl}>RSS</a>}
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
