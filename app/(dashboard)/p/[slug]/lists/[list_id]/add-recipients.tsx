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
      // the parts before the failing one were written: say what they did beside the error
      if (sent > 0) setResult(total);
      setError(chunkError(errorMessage(e), sent, emails.length));
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
          Added {result.added}, already on the list or unsubscribed {result.skipped_existing}
          {result.repeated > 0 && `, repeated in the paste ${result.repeated}`}
          {result.invalid.length > 0 && `, not valid: ${listed(result.invalid)}`}.
        </p>
      )}
    </form>
  );
}

/** The first few addresses, and how many more: a paste of a thousand typos is not printed whole. */
function listed(addresses: string[], shown = 10): string {
  const more = addresses.length - shown;
  return more > 0 ? `${addresses.slice(0, shown).join(', ')} and ${more.toLocaleString('en')} more` : addresses.join(', ');
}

/**
 * A paste longer than one request is sent in parts: the server's message speaks of the part ("This batch
 * would bring the list to 1000..."), so it says which addresses it is about (counted without repeats).
 */
function chunkError(message: string, sent: number, distinct: number): string {
  if (distinct <= LIMITS.entriesPerRequest) return message;
  const n = (value: number) => value.toLocaleString('en');
  return `Addresses ${n(sent + 1)} to ${n(Math.min(sent + LIMITS.entriesPerRequest, distinct))} of the ${n(distinct)} distinct addresses pasted were not added: ${message}`;
}
