import Link from 'next/link';
import { notFound } from 'next/navigation';
import { serverCaller } from '@/server/surfaces/web/caller';
import { currentUserId } from '@/server/surfaces/web/session';
import { ProjectNav } from './project-nav';
import { ProjectSwitcher } from './project-switcher';
import { SignOutButton } from './sign-out-button';
import { VerifyNotice } from '../../verify-notice';

/** The dashboard shell: current project, project switcher, sections, account. */
export default async function ProjectLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  // signed out: the page sends the visitor to sign in with its own address, so they come back to it
  if (!(await currentUserId())) return <main>{children}</main>;
  const caller = await serverCaller();
  const [projects, user] = await Promise.all([caller.projects.list(), caller.accounts.current()]);
  const project = projects.find((p) => p.slug === slug);
  if (!project) notFound();
  return (
    <>
      <header className="topbar">
        <Link className="brand" href="/dashboard">Shipnote</Link>
        <ProjectSwitcher current={project.slug} projects={projects.map((p) => ({ slug: p.slug, name: p.name }))} />
        <ProjectNav slug={project.slug} />
        <span className="muted">{user.email}</span>
        <SignOutButton />
      </header>
      <main>
        {!user.is_verified && <VerifyNotice email={user.email} />}
        {children}
      </main>
    </>
  );
}
