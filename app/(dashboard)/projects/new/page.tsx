import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/app/(dashboard)/require-user';
import { safeLocalPath } from '@/app/safe-callback';
import { NewProjectForm } from './new-project-form';
import { VerifyNotice } from '../../verify-notice';

export const metadata: Metadata = { title: 'New project' };

export default async function NewProjectPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { caller } = await requireUser('/projects/new');
  const callbackUrl = safeLocalPath((await searchParams).callbackUrl, '') || null;
  const [projects, user] = await Promise.all([caller.projects.list(), caller.accounts.current()]);
  return (
    <main className="narrow card">
      {!user.is_verified && <VerifyNotice email={user.email} />}
      <h1>Create a project</h1>
      <p className="muted">A project holds your content, banner, mailing lists and API keys.</p>
      <NewProjectForm callbackUrl={callbackUrl} />
      {projects.length > 0 && (
        <p className="muted">
          Or go back to <Link href={`/p/${projects[0]!.slug}`}>{projects[0]!.name}</Link>.
        </p>
      )}
    </main>
  );
}
