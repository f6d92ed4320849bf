import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { LocalTime } from '@/app/local-time';
import { config } from '@/server/config';

export default async function ProjectOverviewPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}`);
  const keys = await caller.apiTokens.list();
  return (
    <>
      <h1>{project.name}</h1>
      <p className="muted">
        Slug <code>{project.slug}</code> · created <LocalTime iso={project.created_at} style="date" />
      </p>
      <div className="card">
        <h2>Call the API</h2>
        <p>
          {keys.length === 0 ? 'Create an API key first, then' : 'With one of your API keys,'} try{' '}
          <code>curl -H &quot;Authorization: Bearer $SHIPNOTE_TOKEN&quot; {config.appUrl}/api/v1/me</code>.
        </p>
        <p className="row">
          <Link className="button" href={`/p/${slug}/keys`}>Manage API keys</Link>
          <Link className="button secondary" href="/docs/api">API reference</Link>
        </p>
      </div>
    </>
  );
}
