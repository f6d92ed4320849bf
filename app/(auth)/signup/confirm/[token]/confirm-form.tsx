'use client';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage, trpc } from '@/app/trpc-client';

export function ConfirmSignUpForm({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(form: FormData) {
    setBusy(true);
    setError(null);
    const password = String(form.get('password'));
    try {
      const { email } = await trpc.accounts.confirmSignUp.mutate({ token, password });
      const signedIn = await signIn('credentials', { email, password, redirect: false });
      if (!signedIn?.ok) throw new Error('Your account is ready, but signing in failed. Try signing in.');
      router.push('/projects/new');
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <form className="stack" action={submit}>
      <p>Enter the password you chose when you signed up.</p>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p className="error" role="alert">
          {error} <Link href="/signup">Sign up again</Link>
        </p>
      )}
      <button type="submit" disabled={busy}>Finish and sign in</button>
    </form>
  );
}
