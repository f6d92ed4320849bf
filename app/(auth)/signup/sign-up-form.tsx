'use client';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { withCallback } from '@/app/safe-callback';
import { errorMessage, trpc } from '@/app/trpc-client';

/**
 * After sign-up the user creates a first project, then returns to `callbackUrl` (e.g. an OAuth consent).
 * Where email is delivered, sign-up only says "check your email", whether or not the address was taken.
 */
export function SignUpForm({ callbackUrl }: { callbackUrl: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  // a submit handler, not a form action: an action resets the form when it ends, and a refused sign-up
  // should not cost the name and address typed
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    setError(null);
    const email = String(fields.get('email'));
    const password = String(fields.get('password'));
    try {
      const result = await trpc.accounts.signUp.mutate({ email, password, first_name: String(fields.get('first_name') ?? '') || undefined });
      if ('status' in result) {
        setSentTo(email.trim());
        return;
      }
      const signedIn = await signIn('credentials', { email, password, redirect: false });
      if (!signedIn?.ok) throw new Error('Your account was created, but signing in failed. Try signing in.');
      router.push(withCallback('/projects/new', callbackUrl));
    } catch (e) {
      (form.elements.namedItem('password') as HTMLInputElement).value = '';
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div role="status">
        <h2>Check your email</h2>
        <p>
          We sent a message to <strong>{sentTo}</strong>. To finish creating your account, open the link in it and enter
          the password you just chose. If the address already has an account, the message says so instead.
        </p>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit}>
      <label>
        First name <input name="first_name" autoComplete="given-name" />
      </label>
      <label>
        Email <input name="email" type="email" autoComplete="email" required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy}>Create account</button>
    </form>
  );
}
