import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ChangelogEditor } from '../changelog-editor';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';

export const metadata: Metadata = { title: 'Edit changelog' };

export default async function EditChangelogPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/changelogs/${id}`);
  const changelog = await caller.changelogs.manage.get({ id }).catch(notFoundOn);
  return <ChangelogEditor projectId={project.id} projectSlug={slug} initial={changelog} />;
}
