import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { BannerEditor } from './banner-editor';

export const metadata: Metadata = { title: 'Banner' };

export default async function BannerPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/banner`);
  const state = await caller.banner.get();
  return (
    <>
      <h1>Banner</h1>
      <p className="muted">
        A one-line announcement bar on your site. Publishing replaces the live banner; visitors who dismissed the old one see the new one.
      </p>
      <BannerEditor projectId={project.id} initialState={state} />
    </>
  );
}
