'use client';
import { useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import { MAX_SITE_ORIGINS, type TBannerState } from '@/server/banner/schemas';
import { LocalTime } from '@/app/local-time';
import { PageLink } from './page-link';

interface Props {
  state: TBannerState;
  projectId: string;
  busy: boolean;
  run: (action: () => Promise<unknown>, done: string) => Promise<void>;
}

/**
 * Where the banner was seen, as visitors' browsers reported it. Anyone holding the public key can report
 * any URL, so a page is a link only when its origin is one of the project's own sites.
 */
export function BannerPages({ state, projectId, busy, run }: Props) {
  const [origins, setOrigins] = useState(state.site_origins.join('\n'));
  const save = () =>
    run(() => projectTrpc(projectId).banner.setSiteOrigins.mutate({ site_origins: origins.split(/\s+/).filter(Boolean) }), 'Your sites were saved.');

  return (
    <div className="card" data-testid="banner-pages">
      <h2>Where it is loaded</h2>
      {state.pages.length === 0 ? (
        <p className="muted">Not seen on a page yet: add the embed code below to your site.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr><th>Page</th><th>Page loads</th><th>Last seen</th></tr>
            </thead>
            <tbody>
              {state.pages.map((page) => (
                <tr key={page.url}>
                  <td className="wrap-anywhere"><PageLink page={page} /></td>
                  <td>{page.views}</td>
                  <td><LocalTime iso={page.last_seen_at} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <label>
        Your sites (one origin per line, up to {MAX_SITE_ORIGINS}): pages there are shown as links
        <textarea rows={2} value={origins} onChange={(e) => setOrigins(e.target.value)} placeholder="https://www.example.com" />
      </label>
      <button type="button" className="secondary" disabled={busy} onClick={() => void save()}>Save sites</button>
    </div>
  );
}
