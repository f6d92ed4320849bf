import '../../emails/emails.css';
import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProject } from '@/app/(dashboard)/require-user';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';

export const metadata: Metadata = { title: 'Email' };

/** One stored email as a mail client would get it: headers, the HTML part (sandboxed) and the text part. */
export default async function OutboxMessagePage({ params }: { params: Promise<{ slug: string; message_id: string }> }) {
  const { slug, message_id } = await params;
  const { caller } = await requireProject(slug, `/p/${slug}/outbox/${message_id}`);
  const message = await caller.email.outbox.get({ message_id }).catch(notFoundOn);
  return (
    <>
      <p><Link href={`/p/${slug}/outbox`}>← Outbox</Link></p>
      <h1>{message.subject}</h1>
      <h2>Headers</h2>
      <table aria-label="Headers">
        <tbody>
          {message.headers.map((h) => (
            <tr key={h.name}>
              <th scope="row" style={{ width: '12rem' }}>{h.name}</th>
              <td className="mono" style={{ wordBreak: 'break-all' }}>{h.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>HTML</h2>
      {/* no scripts, no same-origin: the HTML is shown, never run; links open outside the frame */}
      <iframe className="email-preview" title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={message.html.replace('<head>', '<head><base target="_blank">')} />
      <h2>Text</h2>
      <pre className="email-text" data-testid="text-part">{message.text}</pre>
    </>
  );
}
