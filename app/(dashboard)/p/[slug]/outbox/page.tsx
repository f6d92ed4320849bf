import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { LocalTime } from '@/app/local-time';

export const metadata: Metadata = { title: 'Outbox' };

export default async function OutboxPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller } = await requireProject(slug, `/p/${slug}/outbox`);
  const [messages, transport] = await Promise.all([caller.email.outbox.list({}), caller.email.transport()]);
  return (
    <>
      <h1>Outbox</h1>
      <p className="muted">
        {transport.kind === 'outbox'
          ? 'No SMTP server is configured (SMTP_URL), so every email is stored here instead of sent: this project’s release emails and your own account emails.'
          : 'Emails go out through SMTP now; these were stored before SMTP_URL was set.'}
      </p>
      {messages.length === 0 ? (
        <p className="muted">No emails yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>To</th>
              <th>Subject</th>
              <th className="optional">Stored</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id}>
                <td>{m.to}</td>
                <td><Link href={`/p/${slug}/outbox/${m.id}`}>{m.subject}</Link></td>
                <td className="optional"><LocalTime iso={m.created_at} style="seconds" /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
