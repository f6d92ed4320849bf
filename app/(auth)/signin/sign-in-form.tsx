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

  async function submit(form: FormData) {
    setBusy(true);
    setError(null);
    const result = await signIn('credentials', {
      email: String(form.get('email')),
      password: String(form.get('password')),
      redirect: false,
    });
    setBusy(false);
    if (result?.ok) router.push(callbackUrl);
    else setError(signInErrorMessage(result?.error ?? 'CredentialsSignin'));
  }

  return (
    <>
      <form className="stack" action={submit}>
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
