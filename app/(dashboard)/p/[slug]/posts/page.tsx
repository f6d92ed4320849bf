import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/app/(dashboard)/require-user';
import { ContentTable } from '../_content/content-table';

export const metadata: Metadata = { title: 'Blog posts' };

export default async function BlogPostsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller } = await requireUser(`/p/${slug}/posts`);
  const project = await caller.projects.get({ idOrSlug: slug });
  const posts = await caller.blogPosts.member.list({ projectId: project.id });
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
