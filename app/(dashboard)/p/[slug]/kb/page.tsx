import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ContentTable } from '../_content/content-table';

export const metadata: Metadata = { title: 'Knowledge base' };

export default async function KbSetsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller } = await requireProject(slug, `/p/${slug}/kb`);
  const sets = await caller.kbSets.manage.list({});
  return (
    <>
      <div className="row">
        <h1 style={{ flex: 1 }}>Knowledge base</h1>
        <Link className="button" href={`/p/${slug}/kb/new`}>New article set</Link>
      </div>
      <ContentTable
        rows={sets.map((s) => ({ ...s, title: s.source ? `${s.title} (mirrored from ${s.source})` : s.title }))}
        editBase={`/p/${slug}/kb`}
        empty="No knowledge-base sets yet."
      />
    </>
  );
}
