import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { oauthProviderIds } from '@/server/surfaces/web/next-auth-options';
import { safeLocalPath, withCallback } from '@/app/safe-callback';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeLocalPath((await searchParams).callbackUrl, '') || null;
  return (
    <main className="narrow card">
      <h1>Sign in</h1>
      <Suspense>
        <SignInForm providers={oauthProviderIds()} />
      </Suspense>
      <p className="muted">
        New here? <Link href={withCallback('/signup', callbackUrl)}>Create an account</Link>
      </p>
    </main>
  );
}
