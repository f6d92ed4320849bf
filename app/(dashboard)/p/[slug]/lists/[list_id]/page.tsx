import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';
import { ListView } from './list-view';

export const metadata: Metadata = { title: 'Mailing list' };

export default async function MailingListPage({ params }: { params: Promise<{ slug: string; list_id: string }> }) {
  const { slug, list_id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/lists/${list_id}`);
  // imports before the counts: a job seen running here and finished later reloads the counts on the
  // client, and one seen finished is already in the counts read after it
  const imports = await caller.recipientImports.list({ list_id }).catch(notFoundOn);
  const list = await caller.mailingLists.get({ list_id }).catch(notFoundOn);
  return (
    <>
      <p><Link href={`/p/${slug}/lists`}>← Mailing lists</Link></p>
      <ListView projectId={project.id} slug={slug} initialList={list} initialImports={imports.items} />
    </>
  );
}

