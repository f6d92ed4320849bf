import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { oauthProviderIds } from '@/server/auth/options';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export const dynamic = 'force-dynamic';

export default function SignInPage() {
  return (
    <main className="narrow card">
      <h1>Sign in</h1>
      <Suspense>
        <SignInForm providers={oauthProviderIds()} />
      </Suspense>
      <p className="muted">
        New here? <Link href="/signup">Create an account</Link>
      </p>
    </main>
  );
}
