import type { Metadata } from 'next';
import Link from 'next/link';
import { PublicFooter, PublicHeader } from '../../public-header';
import { formatDate, loadSite } from '../../public-data';

type Props = { params: Promise<{ project: string }> };

const path = (url: string) => new URL(url).pathname;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const site = await loadSite((await params).project);
  const name = site.project.name;
  // the project's one feed that gets new items: a changelog's feed holds that release's entries only
  const feeds = [{ url: site.blogs_feed_url, title: `${name} blog (RSS)` }];
  const description = `What ${name} ships: changelogs, blog posts and help articles.`;
  return {
    title: { absolute: `${name}: updates` },
    description,
    alternates: { types: { 'application/rss+xml': feeds, 'text/plain': [{ url: site.llms_txt_url, title: 'llms.txt' }] } },
    openGraph: { type: 'website', url: site.project.url, title: `${name}: updates`, description, siteName: name },
  };
}

export default async function ProjectSitePage({ params }: Props) {
  const site = await loadSite((await params).project);
  return (
    <>
      <PublicHeader project={site.project} feedUrl={site.blogs_feed_url} />
      <main>
        <h1>{site.project.name}</h1>
        {site.changelogs.length > 0 && (
          <section aria-labelledby="changelogs">
            <h2 id="changelogs">Changelog</h2>
            <ul className="pub-list">
              {site.changelogs.map((c) => (
                <li key={c.url}>
                  <Link href={path(c.url)}>{c.title}</Link>
                  <p>{c.version && `${c.version} · `}{formatDate(c.published_at)}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
        {site.blog_posts.length > 0 && (
          <section aria-labelledby="blog">
            <h2 id="blog">Blog</h2>
            <ul className="pub-list">
              {site.blog_posts.map((p) => (
                <li key={p.url}>
                  <Link href={path(p.url)}>{p.title}</Link>
                  <p>{formatDate(p.published_at)}{p.excerpt && ` · ${p.excerpt}`}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
        {site.kb_sets.length > 0 && (
          <section aria-labelledby="help">
            <h2 id="help">Help center</h2>
            <ul className="pub-list">
              {site.kb_sets.map((s) => (
                <li key={s.url}>
                  <Link href={path(s.url)}>{s.title}</Link>
                  <p>{s.article_count} {s.article_count === 1 ? 'article' : 'articles'}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="pub-meta">
          For AI agents: <a href={path(site.llms_txt_url)}>llms.txt</a>, every page above as markdown.
        </p>
      </main>
      <PublicFooter />
    </>
  );
}
