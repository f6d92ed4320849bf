'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TMailingList } from '@/server/mailing-lists/schemas';
import type { TSubscribeFormSettings } from '@/server/subscriptions/schemas';
import { CopyButton } from '../keys/copy-button';

/** Which list the public pages' subscribe form fills (off by default), and the form to embed elsewhere. */
export function SubscribeFormSettings({ projectId, lists, initial }: { projectId: string; lists: TMailingList[]; initial: TSubscribeFormSettings }) {
  const [settings, setSettings] = useState(initial);
  const [choice, setChoice] = useState(initial.list_id ?? '');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await projectTrpc(projectId).subscriptions.setForm.mutate({ list_id: choice || null });
      setSettings(saved);
      setMessage({ error: false, text: saved.list_id ? 'The subscribe form is on.' : 'The subscribe form is off.' });
    } catch (e) {
      setMessage({ error: true, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  const snippet = `<form method="post" action="${settings.action_url}">
  <input type="email" name="email" required placeholder="you@example.com" aria-label="Your email address">
  <button type="submit">Get updates by email</button>
</form>`;
  const script = `fetch('${settings.api_url}', { method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ project: '${new URL(settings.action_url).pathname.split('/')[2]}', email }) }); // 202: check your email`;

  return (
    <section className="card" aria-labelledby="subscribe-form" style={{ marginTop: 32 }}>
      <h2 id="subscribe-form">Public subscribe form</h2>
      <p className="muted">
        Readers subscribe from your public pages, beside the RSS link. They get a confirmation email and join the list only after pressing its
        button; people who unsubscribed are never added back.
      </p>
      <form className="row" onSubmit={save}>
        <label style={{ flex: 1 }}>
          New subscribers join
          <select value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">Off: no subscribe form</option>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>{list.name}</option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>Save</button>
      </form>
      {message && <p className={message.error ? 'error' : 'muted'} role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      {settings.list_id && (
        <>
          <h3>Embed it on your site</h3>
          <p className="muted">A plain HTML form, no script needed; the answer page tells the reader to check their email.</p>
          <pre className="token" style={{ whiteSpace: 'pre-wrap' }} data-testid="subscribe-snippet">{snippet}</pre>
          <CopyButton text={snippet} />
          <p className="muted">Or from your own script (any origin may call it; it always answers 202 for a valid address):</p>
          <pre className="token" style={{ whiteSpace: 'pre-wrap' }}>{script}</pre>
        </>
      )}
    </section>
  );
}
