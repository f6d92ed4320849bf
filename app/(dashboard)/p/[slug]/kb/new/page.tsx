import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { KbSetEditor } from '../kb-set-editor';

export const metadata: Metadata = { title: 'New article set' };

export default async function NewKbSetPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { project } = await requireProject(slug, `/p/${slug}/kb/new`);
  return <KbSetEditor projectId={project.id} projectSlug={slug} initial={null} />;
}
