import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { KbSetEditor } from '../kb-set-editor';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';

export const metadata: Metadata = { title: 'Edit article set' };

export default async function EditKbSetPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/kb/${id}`);
  const set = await caller.kbSets.manage.get({ id }).catch(notFoundOn);
  return <KbSetEditor projectId={project.id} projectSlug={slug} initial={set} />;
}
