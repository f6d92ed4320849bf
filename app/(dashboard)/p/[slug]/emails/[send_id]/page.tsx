import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { SendView } from './send-view';
import { LocalTime } from '@/app/local-time';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';

export const metadata: Metadata = { title: 'Release email' };

export default async function SendPage({ params }: { params: Promise<{ slug: string; send_id: string }> }) {
  const { slug, send_id } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/emails/${send_id}`);
  const [send, ledger] = await Promise.all([
    caller.releaseEmails.get({ send_id }),
    caller.releaseEmails.ledger({ send_id, limit: 500 }),
  ]).catch(notFoundOn);
  return (
    <>
      <p><Link href={`/p/${slug}/emails`}>← Release emails</Link></p>
      <h1>{send.subject}</h1>
      <p className="muted">
        To the list <strong className="wrap-anywhere">{send.list_name}</strong> · started <LocalTime iso={send.created_at} /> ·{' '}
        <a href={send.public_url}>public page</a>
      </p>
      <SendView projectId={project.id} initialSend={send} initialLedger={ledger.items} />
    </>
  );
}
