import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireProject } from '@/app/(dashboard)/require-user';
import { KbSetEditor } from '../kb-set-editor';

export const metadata: Metadata = { title: 'Edit article set' };

export default async function EditKbSetPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/kb/${id}`);
  const set = await caller.kbSets.manage.get({ id }).catch(() => notFound());
  return <KbSetEditor projectId={project.id} projectSlug={slug} initial={set} />;
}
