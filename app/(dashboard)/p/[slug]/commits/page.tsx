import type { Metadata } from 'next';
import Link from 'next/link';
import '@/app/(public)/prose.css';
import { requireProject } from '@/app/(dashboard)/require-user';
import { presetWindows, windowFromQuery } from '@/server/commits/presets';
import { CommitSources } from './commit-sources';
import { CommitsTable } from './commits-table';
import { GenerateDrafts } from './generate-drafts';
import './commits.css';

export const metadata: Metadata = { title: 'Commits' };

type Query = Record<string, string | string[] | undefined>;

export default async function CommitsPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<Query> }) {
  const { slug } = await params;
  const query = await searchParams;
  const { caller, project } = await requireProject(slug, `/p/${slug}/commits`);
  const window = windowFromQuery(query);
  const includeHidden = query.hidden === '1';
  const [preview, listed, settings] = await Promise.all([
    caller.commits.preview({ ...window, include_hidden: includeHidden }),
    caller.commits.list({ ...window, limit: 200 }),
    caller.commits.settings(),
  ]);
  const { summary } = preview;
  const href = (w: { since: string; until: string }) => `/p/${slug}/commits?since=${w.since}&until=${w.until}${includeHidden ? '&hidden=1' : ''}`;

  return (
    <>
      <h1>Commits</h1>
      <form className="row card window-picker" method="get" aria-label="Window">
        <label>From <input type="date" name="since" defaultValue={window.since} required /></label>
        <label>To <input type="date" name="until" defaultValue={window.until} required /></label>
        <label className="inline"><input type="checkbox" name="hidden" value="1" defaultChecked={includeHidden} /> List chores, CI and tests</label>
        <button type="submit" className="secondary">Show</button>
        <span className="row presets">
          {presetWindows().map((preset) => (
            <Link key={preset.label} href={href(preset)} aria-current={preset.since === window.since && preset.until === window.until ? 'true' : undefined}>
              {preset.label}
            </Link>
          ))}
        </span>
      </form>

      <section aria-label="Counts by type">
        <p className="count-total" data-testid="commit-count">
          <strong>{summary.commit_count}</strong> {summary.commit_count === 1 ? 'commit' : 'commits'} from {window.since} to {window.until}
          {summary.breaking_count > 0 && <span className="status breaking">{summary.breaking_count} breaking</span>}
        </p>
        <ul className="type-counts">
          {summary.counts.map((c) => (
            <li key={c.type} className={c.hidden ? 'muted' : undefined} data-type={c.type}>
              {c.label} <strong>{c.count}</strong>
            </li>
          ))}
        </ul>
      </section>

      {summary.commit_count === 0 ? (
        <p className="notice">No commits recorded in this window. Push your history with the CLI or connect the GitHub webhook below.</p>
      ) : (
        <>
          <h2>Drafts from this window</h2>
          {/* keyed by the window: drafts saved for another window are not "these drafts" (links keep client state) */}
          <GenerateDrafts
            key={`${window.since}|${window.until}|${includeHidden}`}
            projectId={project.id}
            slug={slug}
            window={window}
            includeHidden={includeHidden}
            preview={preview}
          />
          <h2>Commits</h2>
          <CommitsTable commits={listed.items} total={summary.commit_count} />
        </>
      )}

      <h2>Sources</h2>
      <CommitSources projectId={project.id} slug={slug} initial={settings} />
    </>
  );
}
