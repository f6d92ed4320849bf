import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { BlogPostEditor } from '../blog-post-editor';

export const metadata: Metadata = { title: 'New blog post' };

export default async function NewBlogPostPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { project } = await requireProject(slug, `/p/${slug}/posts/new`);
  return <BlogPostEditor projectId={project.id} projectSlug={slug} initial={null} />;
}
