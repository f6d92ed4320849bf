import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { BounceWebhooks } from './bounce-webhooks';
import { SuppressionList } from './suppression-list';

export const metadata: Metadata = { title: 'Suppressions' };

export default async function SuppressionsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/suppressions`);
  const [active, removed, webhooks] = await Promise.all([
    caller.suppressions.list({ status: 'active', limit: 500 }),
    caller.suppressions.list({ status: 'removed', limit: 100 }),
    caller.suppressions.webhooks.get(),
  ]);
  return (
    <>
      <h1>Suppressions</h1>
      <p className="muted">
        Release emails skip these addresses: hard bounces (from the SMTP server or a provider&apos;s webhook), spam complaints, and
        addresses added by hand. Recipients keep their status on every list; taking an address off here lets it receive again.
      </p>
      <SuppressionList projectId={project.id} initialActive={active.items} initialRemoved={removed.items} more={active.next_cursor !== null} />
      <h2>Provider webhooks</h2>
      <BounceWebhooks projectId={project.id} initial={webhooks} />
    </>
  );
}
