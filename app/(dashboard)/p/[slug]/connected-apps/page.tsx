import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ConnectedApps } from './connected-apps';

export const metadata: Metadata = { title: 'Connected apps' };

export default async function ConnectedAppsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/connected-apps`);
  const apps = await caller.oauth.connectedApps();
  return (
    <>
      <h1>Connected apps</h1>
      <p className="muted">
        Agents and apps you connected to <strong>{project.name}</strong> through OAuth. They use the MCP endpoint with all of
        its tools on this project only. Revoking one makes its next call fail.
      </p>
      <ConnectedApps projectId={project.id} initialApps={apps} />
    </>
  );
}
