import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TRPCError } from '@trpc/server';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ListView } from './list-view';

export const metadata: Metadata = { title: 'Mailing list' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function MailingListPage({ params }: { params: Promise<{ slug: string; list_id: string }> }) {
  const { slug, list_id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/lists/${list_id}`);
  if (!UUID.test(list_id)) notFound();
  // imports before the counts: a job seen running here and finished later reloads the counts on the
  // client, and one seen finished is already in the counts read after it
  const imports = await caller.recipientImports.list({ list_id }).catch(nullIfNotFound);
  const list = await caller.mailingLists.get({ list_id }).catch(nullIfNotFound);
  if (!imports || !list) notFound();
  return (
    <>
      <p><Link href={`/p/${slug}/lists`}>← Mailing lists</Link></p>
      <ListView projectId={project.id} slug={slug} initialList={list} initialImports={imports.items} />
    </>
  );
}

function nullIfNotFound(error: unknown): null {
  if (error instanceof TRPCError && error.code === 'NOT_FOUND') return null;
  throw error;
}
