import type { Metadata } from 'next';
import { publicUrls } from '@/server/content/urls';
import { PublicFooter, PublicHeader } from '../../public-header';
import { formatDate, loadBlogPost } from '../../public-data';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { post, project, title, description, feed_url } = await loadBlogPost((await params).slug);
  return {
    title: { absolute: `${title} · ${project.name}` },
    description,
    alternates: {
      types: {
        'application/rss+xml': [{ url: feed_url, title: `${title} (RSS)` }],
        'text/markdown': [{ url: publicUrls.markdown('blog', post.slug), title: `${title} (Markdown)` }],
      },
    },
    openGraph: { type: 'article', url: publicUrls.blogPost(post.slug), title, description, siteName: project.name, publishedTime: post.published_at },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const { post, project, html, feed_url } = await loadBlogPost((await params).slug);
  return (
    <>
      <PublicHeader project={project} feedUrl={feed_url} markdownUrl={publicUrls.markdown('blog', post.slug)} />
      <main>
        <article>
          <p className="pub-meta">
            <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
          </p>
          {/* the post's own first heading is its title; sanitized by the one renderer (server/markdown) */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      </main>
      <PublicFooter />
    </>
  );
}
