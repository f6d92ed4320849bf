'use client';
import { BANNER_LIMITS } from '@/server/banner/schemas';
import type { BannerProposal as Proposal } from '@/server/commits/generate/banner';
import Link from 'next/link';
import { useState } from 'react';
import { useOneAtATime } from '@/app/one-at-a-time';
import { errorMessage, projectTrpc } from '@/app/trpc-client';

type Field = keyof typeof BANNER_LIMITS | 'link_url';

/**
 * The generated banner, editable, published through the banner domain with its window and commit
 * count. Banners have no drafts: this proposal is regenerated from the commits whenever the page loads.
 */
export function BannerProposal({ projectId, slug, proposal }: { projectId: string; slug: string; proposal: Proposal }) {
  const [fields, setFields] = useState({ ...proposal, link_url: proposal.link_url ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [published, setPublished] = useState(false);

  const [publish, busy] = useOneAtATime(async () => {
    setError(null);
    try {
      await projectTrpc(projectId).banner.publish.mutate({ ...fields, link_url: fields.link_url.trim() || null });
      setPublished(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  const input = (name: Field, label: string) => {
    const limit = name === 'link_url' ? undefined : BANNER_LIMITS[name];
    return (
      <label>
        <span className="row">
          {label}
          {limit && <span className="muted" style={{ marginLeft: 'auto', fontWeight: 400 }}>{[...fields[name]].length}/{limit}</span>}
        </span>
        <input name={`banner-${name}`} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} />
      </label>
    );
  };

  return (
    <section className="card" aria-label="Banner draft" style={{ marginTop: 16 }}>
      <h3>Banner</h3>
      <div className="banner-fields">
        {input('headline', 'Headline')}
        {input('body', 'Body (one sentence)')}
        <div className="pair">
          {input('badge', 'Badge')}
          {input('cta_label', 'Button label')}
        </div>
        {input('link_url', 'Button link (empty: no button)')}
      </div>
      <p className="row">
        <button type="button" className="secondary" onClick={publish} disabled={busy}>Publish banner</button>
        <span className="muted">Replaces the live banner, with {proposal.commit_count} commits from {proposal.period_start} to {proposal.period_end}.</span>
      </p>
      {error && <p className="error" role="alert">{error}</p>}
      {published && (
        <p className="notice" role="status">
          Banner published. Manage it on the <Link href={`/p/${slug}/banner`}>Banner</Link> page.
        </p>
      )}
    </section>
  );
}
