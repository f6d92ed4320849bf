import type { Metadata } from 'next';
import { publicUrls } from '@/server/content/urls';
import { PublicFooter, PublicHeader } from '../../public-header';
import { formatDate, loadChangelog } from '../../public-data';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { changelog, project, description, feed_url } = await loadChangelog((await params).slug);
  const title = `${changelog.title} · ${project.name}`;
  return {
    title: { absolute: title },
    description,
    alternates: {
      types: {
        'application/rss+xml': [{ url: feed_url, title: `${title} (RSS)` }],
        'text/markdown': [{ url: publicUrls.markdown('changelog', changelog.slug), title: `${title} (Markdown)` }],
      },
    },
    openGraph: { type: 'article', url: publicUrls.changelog(changelog.slug), title: changelog.title, description, siteName: project.name, publishedTime: changelog.published_at },
  };
}

export default async function ChangelogPage({ params }: Props) {
  const { changelog, project, html, feed_url } = await loadChangelog((await params).slug);
  const period = changelog.period_start && changelog.period_end ? ` · covers ${changelog.period_start} to ${changelog.period_end}` : '';
  return (
    <>
      <PublicHeader project={project} feedUrl={feed_url} markdownUrl={publicUrls.markdown('changelog', changelog.slug)} />
      <main>
        <article>
          <h1>{changelog.title}</h1>
          <p className="pub-meta">
            {changelog.version && <strong>{changelog.version} · </strong>}
            <time dateTime={changelog.published_at}>{formatDate(changelog.published_at)}</time>
            {period}
          </p>
          {/* sanitized by the one renderer (server/markdown) */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      </main>
      <PublicFooter />
    </>
  );
}
