'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TAddResult } from '@/server/recipients/schemas';
import { LIMITS } from '@/server/mailing-lists/schemas';
import { pastedAddresses } from './pasted-addresses';

/** Pasted addresses (pasted-addresses.ts); one request per LIMITS.entriesPerRequest addresses. */
export function AddRecipients({ projectId, listId, onChanged }: { projectId: string; listId: string; onChanged: () => Promise<void> }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<(TAddResult & { repeated: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const { emails, repeated } = pastedAddresses(text);
    if (emails.length === 0) return setError('Paste at least one address');
    setBusy(true);
    setError(null);
    setResult(null);
    const total = { added: 0, skipped_existing: 0, invalid: [] as string[], repeated };
    let sent = 0;
    try {
      for (; sent < emails.length; sent += LIMITS.entriesPerRequest) {
        const part = await projectTrpc(projectId).recipients.add.mutate({ list_id: listId, emails: emails.slice(sent, sent + LIMITS.entriesPerRequest) });
        total.added += part.added;
        total.skipped_existing += part.skipped_existing;
        total.invalid.push(...part.invalid);
      }
      setResult(total);
      setText('');
    } catch (e) {
      setError(chunkError(errorMessage(e), sent, emails.length, total.added));
    } finally {
      setBusy(false);
      await onChanged();
    }
  }

  return (
    <form className="stack" onSubmit={add} style={{ marginTop: 12 }}>
      <label>
        Addresses
        <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} placeholder={'ada@example.com\ngrace@example.com'} />
      </label>
      <p className="row">
        <button type="submit" disabled={busy}>Add to list</button>
        <span className="muted">Unsubscribed addresses are never added back.</span>
      </p>
      {error && <p className="error" role="alert">{error}</p>}
      {result && (
        <p className="notice" role="status">
          Added {result.added}, already on the list {result.skipped_existing}
          {result.repeated > 0 && `, repeated in the paste ${result.repeated}`}
          {result.invalid.length > 0 && `, not valid: ${result.invalid.join(', ')}`}.
        </p>
      )}
    </form>
  );
}

/**
 * A paste longer than one request is sent in parts: the server's message speaks of the part ("This batch
 * would bring the list to 1000..."), so it is said to be about the first addresses, after what was added.
 */
function chunkError(message: string, sent: number, pasted: number, added: number): string {
  if (pasted <= LIMITS.entriesPerRequest) return message;
  const part = `addresses ${(sent + 1).toLocaleString('en')} to ${Math.min(sent + LIMITS.entriesPerRequest, pasted).toLocaleString('en')} of the ${pasted.toLocaleString('en')} pasted`;
  const before = sent > 0 ? `Added ${added} from the first ${sent.toLocaleString('en')}; then ` : '';
  const text = `${before}${part}: ${message}`;
  return text[0]!.toUpperCase() + text.slice(1);
}
