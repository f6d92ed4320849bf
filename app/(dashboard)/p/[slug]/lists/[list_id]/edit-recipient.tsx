'use client';
import { useState } from 'react';
import { errorMessage, projectTrpc } from '@/app/trpc-client';
import type { TRecipient, TRecipientEntry } from '@/server/recipients/schemas';
import { LIMITS } from '@/server/mailing-lists/schemas';

interface Props {
  projectId: string;
  listId: string;
  recipient: TRecipient;
  onSaved: () => Promise<void>;
  onCancel: () => void;
}

/**
 * An active recipient's name, and its external ID while it has none, saved as the API's upsert saves
 * them. An external ID once set is how an integration finds the recipient again, so it is shown, not
 * changed here (the upsert would report another ID for the same email as a conflict).
 */
export function EditRecipient({ projectId, listId, recipient, onSaved, onCancel }: Props) {
  const [name, setName] = useState(recipient.name ?? '');
  const [externalId, setExternalId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const newId = externalId.trim();
    const problem = await upsertOne(projectId, listId, { ...entryOf(recipient), name, ...(newId && !recipient.external_id && { external_id: newId }) });
    setBusy(false);
    if (problem) return setError(problem);
    await onSaved();
  }

  return (
    <form className="stack" onSubmit={save} aria-label={`Edit ${recipient.email}`}>
      <strong className="wrap-anywhere">{recipient.email}</strong>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={LIMITS.recipientName} />
      </label>
      <label>
        External ID
        {recipient.external_id ? (
          <input value={recipient.external_id} readOnly />
        ) : (
          <input value={externalId} onChange={(e) => setExternalId(e.target.value)} maxLength={LIMITS.externalId} placeholder="None yet" />
        )}
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <p className="row">
        <button type="submit" disabled={busy}>Save</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </p>
    </form>
  );
}

/** Makes a removed recipient active again, as the API's upsert does; null when it did, else why not. */
export function restoreRecipient(projectId: string, listId: string, recipient: TRecipient): Promise<string | null> {
  return upsertOne(projectId, listId, entryOf(recipient));
}

/** The entry that matches this recipient and no other: by its external ID when it has one. */
function entryOf(recipient: TRecipient) {
  return { email: recipient.email, ...(recipient.external_id && { external_id: recipient.external_id }) };
}

/** One entry through `recipients.upsert`: null when it was written (or already so), else what stopped it. */
async function upsertOne(projectId: string, listId: string, entry: Exclude<TRecipientEntry, string>): Promise<string | null> {
  try {
    const result = await projectTrpc(projectId).recipients.upsert.mutate({ list_id: listId, recipients: [entry] });
    // the entry names the recipient's own ID when it has one, so a conflict is a new ID another recipient holds
    // (or, in a race, this recipient was given another ID meanwhile)
    const conflict = result.conflicts[0];
    if (conflict) return `External ID ${conflict.external_id} belongs to another recipient of this list`;
    if (result.skipped_unsubscribed) return `${entry.email} has unsubscribed: an unsubscribed recipient is never changed`;
    return null;
  } catch (e) {
    return errorMessage(e);
  }
}
