'use client';
import { useState } from 'react';
import { projectTrpc } from '@/app/trpc-client';
import type { TBannerState } from '@/server/banner/schemas';
import { LocalTime } from '@/app/local-time';

interface Props {
  state: TBannerState;
  projectId: string;
  busy: boolean;
  run: (action: () => Promise<unknown>, done: string) => Promise<void>;
}

/** Where the banner stands (live, scheduled, taken down) and the take-down controls. */
export function BannerStatus({ state, projectId, busy, run }: Props) {
  const [at, setAt] = useState('');
  const banner = state.banner;

  function takeDownNow() {
    if (!window.confirm('Take the banner down now? Sites stop showing it within a minute.')) return;
    void run(() => projectTrpc(projectId).banner.takeDown.mutate({}), 'Taken down.');
  }

  function schedule() {
    const when = new Date(at);
    if (Number.isNaN(when.getTime())) return;
    // the API takes a past time as "now": here it is a mistake, and must not take the banner down unasked
    if (when.getTime() <= Date.now()) {
      void run(async () => Promise.reject(new Error('Choose a time in the future, or press Take down now')), '');
      return;
    }
    void run(() => projectTrpc(projectId).banner.takeDown.mutate({ at: when.toISOString() }), 'Take-down scheduled.');
  }

  return (
    <div className="card" data-testid="banner-status">
      {state.status === 'none' && <p><strong>Not published yet.</strong></p>}
      {state.status === 'live' && banner && (
        <p>
          <strong>Live</strong> since <LocalTime iso={banner.published_at!} />
          {banner.expires_at && <>; comes down <LocalTime iso={banner.expires_at} /></>}.
        </p>
      )}
      {state.status === 'taken_down' && banner && (
        <p><strong>Taken down</strong> <LocalTime iso={banner.expires_at!} />. Publish to show a banner again.</p>
      )}
      {state.status === 'live' && (
        <div className="row">
          <button type="button" className="danger" disabled={busy} onClick={takeDownNow}>Take down now</button>
          <label className="row" style={{ fontWeight: 400 }}>
            or at <input type="datetime-local" aria-label="Take-down time" value={at} onChange={(e) => setAt(e.target.value)} />
          </label>
          <button type="button" className="secondary" disabled={busy || !at} onClick={schedule}>Schedule take-down</button>
          {banner?.expires_at && (
            <button type="button" className="secondary" disabled={busy} onClick={() => run(() => projectTrpc(projectId).banner.cancelTakeDown.mutate(), 'Scheduled take-down cancelled.')}>
              Cancel scheduled take-down
            </button>
          )}
        </div>
      )}
    </div>
  );
}
