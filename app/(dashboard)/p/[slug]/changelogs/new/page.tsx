import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ChangelogEditor } from '../changelog-editor';

export const metadata: Metadata = { title: 'New changelog' };

export default async function NewChangelogPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { project } = await requireProject(slug, `/p/${slug}/changelogs/new`);
  return <ChangelogEditor projectId={project.id} projectSlug={slug} initial={null} />;
}
