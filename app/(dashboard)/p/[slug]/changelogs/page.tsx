import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ContentTable } from '../_content/content-table';

export const metadata: Metadata = { title: 'Changelogs' };

export default async function ChangelogsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller } = await requireProject(slug, `/p/${slug}/changelogs`);
  const changelogs = await caller.changelogs.manage.list({});
  return (
    <>
      <div className="row">
        <h1 style={{ flex: 1 }}>Changelogs</h1>
        <Link className="button" href={`/p/${slug}/changelogs/new`}>New changelog</Link>
      </div>
      <ContentTable
        rows={changelogs.map((c) => ({ ...c, title: c.version ? `${c.title} (${c.version})` : c.title }))}
        editBase={`/p/${slug}/changelogs`}
        empty="No changelogs yet. Write one, or let an agent generate it from your commits."
      />
    </>
  );
}
