'use client';
import { signIn } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { safeLocalPath } from '@/app/safe-callback';
import { signInErrorMessage } from '@/server/surfaces/web/sign-in-errors';

export function SignInForm({ providers }: { providers: string[] }) {
  const router = useRouter();
  const params = useSearchParams();
  // an OAuth sign-in that was refused comes back here with `?error=`
  const [error, setError] = useState<string | null>(() => signInErrorMessage(params.get('error')));
  const [busy, setBusy] = useState(false);
  const callbackUrl = safeLocalPath(params.get('callbackUrl'), '/dashboard');

  // a submit handler, not a form action: an action resets the form when it ends, and a person who mistyped
  // the password should not have to type the address again
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    setError(null);
    const result = await signIn('credentials', {
      email: String(fields.get('email')),
      password: String(fields.get('password')),
      redirect: false,
    });
    if (!result?.ok) (form.elements.namedItem('password') as HTMLInputElement).value = '';
    setBusy(false);
    if (result?.ok) router.push(callbackUrl);
    else setError(signInErrorMessage(result?.error ?? 'CredentialsSignin'));
  }

  return (
    <>
      <form className="stack" onSubmit={submit}>
        <label>
          Email <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" disabled={busy}>Sign in</button>
      </form>
      {providers.map((id) => (
        <p key={id}>
          <button className="secondary" type="button" onClick={() => signIn(id, { callbackUrl })}>
            Continue with {id === 'github' ? 'GitHub' : id}
          </button>
        </p>
      ))}
    </>
  );
}
