'use client';
import { useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import type { TBannerHistoryEntry, TBannerPublisher, TBannerReachPage, TBannerState } from '@/server/banner/schemas';
import { ReachChart } from './reach-chart';
import { LocalTime } from '@/app/local-time';
import { PageLink } from './page-link';

interface Props {
  state: TBannerState;
  projectId: string;
  busy: boolean;
  run: (action: () => Promise<unknown>, done: string) => Promise<void>;
}

const BY: Record<TBannerPublisher['kind'], string> = { person: 'Person', api_key: 'API key', agent: 'Agent', unknown: 'Unknown' };

function publisher(by: TBannerPublisher): string {
  if (by.kind === 'unknown') return 'Unknown';
  const name = by.name ?? '(deleted)';
  return by.kind === 'person' ? name : `${BY[by.kind]} ${name}${by.person ? ` (${by.person})` : ''}`;
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);
const rate = (clicks: number, impressions: number) => (impressions ? `${((clicks / impressions) * 100).toFixed(1)}%` : '–');

/**
 * Every published banner with who published it and its reach (the widget's reports: an impression once
 * per browser per publish, every button click); any earlier one is republished with one click.
 */
export function BannerHistory({ state, projectId, busy, run }: Props) {
  const newest = state.history[0];
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [pages, setPages] = useState<{ id: string; pages: TBannerReachPage[] } | null>(null);
  const shownId = selected ?? newest?.id;
  const shownPages = shownId === newest?.id && !selected ? state.reach_pages : pages && pages.id === shownId ? pages.pages : [];
  const shown = state.history.find((entry) => entry.id === shownId);

  async function select(entry: TBannerHistoryEntry) {
    setSelected(entry.id);
    const reach = await projectTrpc(projectId).banner.reach.query({ banner_id: entry.id });
    setPages({ id: entry.id, pages: reach.pages });
  }

  if (!newest) return null;
  return (
    <div className="card stack" data-testid="banner-history" style={{ margin: '16px 0' }}>
      <h2>History and reach</h2>
      <p data-testid="reach-totals">
        <strong>{newest.impressions}</strong> {plural(newest.impressions, 'impression')} · <strong>{newest.clicks}</strong> {plural(newest.clicks, 'click')} ·{' '}
        {rate(newest.clicks, newest.impressions)} click rate
        <span className="muted"> for the newest banner, as visitors&apos; browsers report them (no cookies; one impression per browser per publish).</span>
      </p>
      <div className="row">
        <ReachChart history={state.history} />
        <span className="muted" style={{ fontSize: '.85rem' }}>
          <span style={{ color: 'var(--accent)' }}>■</span> impressions <span style={{ color: '#1b1f24' }}>■</span> clicks, last 10 banners (oldest left)
        </span>
      </div>
      <div className="table-scroll">
        <table>
          <thead>
            <tr><th>Published</th><th>Banner</th><th>By</th><th>Impressions</th><th>Clicks</th><th /></tr>
          </thead>
          <tbody>
            {state.history.map((entry) => (
              <tr key={entry.id} data-testid="history-row" aria-selected={entry.id === shownId} style={entry.id === shownId ? { background: 'var(--soft)' } : undefined}>
                <td><LocalTime iso={entry.banner.published_at!} /></td>
                <td>
                  {entry.banner.headline}
                  {entry.live && <> <strong>(live)</strong></>}
                  {entry.republished_from_id && <span className="muted"> · republished</span>}
                </td>
                <td>{publisher(entry.published_by)}</td>
                <td>{entry.impressions}</td>
                <td>{entry.clicks}</td>
                <td>
                  <span className="row" style={{ flexWrap: 'nowrap' }}>
                    <button type="button" className="secondary" onClick={() => void select(entry)}>Pages</button>
                    {!entry.live && (
                      <button type="button" disabled={busy} onClick={() => void run(() => projectTrpc(projectId).banner.republish.mutate({ banner_id: entry.id }), `Republished "${entry.banner.headline}".`)}>
                        Republish
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown && (
        <>
          <h3>Pages of &ldquo;{shown.banner.headline}&rdquo;</h3>
          {shownPages.length === 0 ? (
            <p className="muted">No impressions reported yet.</p>
          ) : (
            <div className="table-scroll">
              <table data-testid="reach-pages">
                <thead>
                  <tr><th>Page</th><th>Impressions</th><th>Clicks</th><th>Last report</th></tr>
                </thead>
                <tbody>
                  {shownPages.map((page) => (
                    <tr key={page.url}>
                      <td className="wrap-anywhere"><PageLink page={page} /></td>
                      <td>{page.impressions}</td>
                      <td>{page.clicks}</td>
                      <td><LocalTime iso={page.last_seen_at} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
