import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { BlogPostEditor } from '../blog-post-editor';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';

export const metadata: Metadata = { title: 'Edit blog post' };

export default async function EditBlogPostPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/posts/${id}`);
  const post = await caller.blogPosts.manage.get({ id }).catch(notFoundOn);
  return <BlogPostEditor projectId={project.id} projectSlug={slug} initial={post} />;
}
