'use client';
import { useState } from 'react';
import { errorMessage, trpc } from '@/app/trpc-client';

export function ResendButton() {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      const { sent } = await trpc.verification.resend.mutate();
      setMessage(sent ? 'A new link is on its way.' : 'Your address is already verified.');
    } catch (e) {
      setMessage(errorMessage(e));
    }
    setBusy(false);
  }
  return (
    <>
      <button type="button" onClick={resend} disabled={busy}>Send a new link</button>
      {message && <p role="status">{message}</p>}
    </>
  );
}
