import type { Metadata } from 'next';
import { publicUrls } from '@/server/content/urls';
import { PublicFooter, PublicHeader } from '../../public-header';
import { formatDate, loadKbSet } from '../../public-data';
import { KbSearch } from './kb-search';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { set, title, project, categories } = await loadKbSet((await params).slug);
  const count = categories.reduce((n, c) => n + c.articles.length, 0);
  const description = `${count} help articles from ${project.name}: ${categories.map((c) => c.name).join(', ')}`;
  return {
    title: { absolute: `${title} · ${project.name}` },
    description,
    alternates: { types: { 'text/markdown': [{ url: publicUrls.markdown('kb', set.slug), title: `${title} (Markdown)` }] } },
    openGraph: { type: 'website', url: publicUrls.kbSet(set.slug), title: `${title} · ${project.name}`, description, siteName: project.name },
  };
}

export default async function KbSetPage({ params }: Props) {
  const { set, title, project, categories } = await loadKbSet((await params).slug);
  return (
    <>
      <PublicHeader project={project} markdownUrl={publicUrls.markdown('kb', set.slug)} />
      <main>
        <h1>{title}</h1>
        <p className="pub-meta">
          {set.synced_at ? 'Synced' : 'Published'} <time dateTime={set.synced_at ?? set.published_at}>{formatDate(set.synced_at ?? set.published_at)}</time>
          {set.source && set.source_url && (
            <> · mirrored from <a href={set.source_url} rel="nofollow noopener">{set.source}</a></>
          )}
        </p>
        <KbSearch categories={categories} />
      </main>
      <PublicFooter />
    </>
  );
}
