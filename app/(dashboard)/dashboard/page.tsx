import { redirect } from 'next/navigation';
import { requireUser } from '@/app/(dashboard)/require-user';

/** The dashboard's entry: the first project, or creating one. */
export default async function DashboardPage() {
  const { caller } = await requireUser('/dashboard');
  const projects = await caller.projects.list();
  redirect(projects[0] ? `/p/${projects[0].slug}` : '/projects/new');
}
