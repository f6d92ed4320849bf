import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ApiKeys } from './api-keys';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/keys`);
  const keys = await caller.apiTokens.list();
  return (
    <>
      <h1>API keys</h1>
      <p className="muted">
        Keys give full API access to <strong>{project.name}</strong>. Send one as <code>Authorization: Bearer …</code>.
      </p>
      <ApiKeys projectId={project.id} initialKeys={keys} />
    </>
  );
}
