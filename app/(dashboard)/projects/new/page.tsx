import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/app/(dashboard)/require-user';
import { NewProjectForm } from './new-project-form';

export const metadata: Metadata = { title: 'New project' };

export default async function NewProjectPage() {
  const { caller } = await requireUser('/projects/new');
  const projects = await caller.projects.list();
  return (
    <main className="narrow card">
      <h1>Create a project</h1>
      <p className="muted">A project holds your content, banner, mailing lists and API keys.</p>
      <NewProjectForm />
      {projects.length > 0 && (
        <p className="muted">
          Or go back to <Link href={`/p/${projects[0]!.slug}`}>{projects[0]!.name}</Link>.
        </p>
      )}
    </main>
  );
}
