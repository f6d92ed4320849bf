import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ContentTable } from '../_content/content-table';

export const metadata: Metadata = { title: 'Blog posts' };

export default async function BlogPostsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller } = await requireProject(slug, `/p/${slug}/posts`);
  const posts = await caller.blogPosts.manage.list({});
  return (
    <>
      <div className="row">
        <h1 style={{ flex: 1 }}>Blog posts</h1>
        <Link className="button" href={`/p/${slug}/posts/new`}>New blog post</Link>
      </div>
      <ContentTable rows={posts} editBase={`/p/${slug}/posts`} empty="No blog posts yet." />
    </>
  );
}
