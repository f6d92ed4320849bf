import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { SendDialog } from './send-dialog';
import { SendProgress } from './send-progress';
import { LocalTime } from '@/app/local-time';

export const metadata: Metadata = { title: 'Release emails' };

export default async function ReleaseEmailsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/emails`);
  const projectId = project.id;
  const [sends, lists, changelogs, posts, transport] = await Promise.all([
    caller.releaseEmails.list(),
    caller.mailingLists.listWithCounts(),
    caller.changelogs.manage.list({ status: 'published' }),
    caller.blogPosts.manage.list({ status: 'published' }),
    caller.email.transport(),
  ]);
  const items = [
    ...changelogs.map((c) => ({ kind: 'changelog' as const, id: c.id, title: c.title })),
    ...posts.map((p) => ({ kind: 'blog_post' as const, id: p.id, title: p.title })),
  ];
  return (
    <>
      <h1>Release emails</h1>
      <p className="muted">
        Send a published changelog or blog post to the active recipients of a list.{' '}
        {transport.kind === 'outbox' ? (
          <>No SMTP server is configured: emails go to the <Link href={`/p/${slug}/outbox`}>outbox</Link>.</>
        ) : (
          'Emails go out through the configured SMTP server.'
        )}
      </p>
      <SendDialog projectId={projectId} slug={slug} lists={lists.map((l) => ({ id: l.id, name: l.name, active: l.active_count }))} items={items} />
      <h2>Sent</h2>
      {sends.length === 0 ? (
        <p className="muted">Nothing sent yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Subject</th>
              <th>List</th>
              <th>Progress</th>
              <th className="optional">Started</th>
            </tr>
          </thead>
          <tbody>
            {sends.map((send) => (
              <tr key={send.id}>
                <td><Link href={`/p/${slug}/emails/${send.id}`}>{send.subject}</Link></td>
                <td className="wrap-anywhere">{send.list_name}</td>
                <td style={{ minWidth: 180 }}><SendProgress send={send} /></td>
                <td className="optional"><LocalTime iso={send.created_at} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
