import type { Metadata } from 'next';
import Link from 'next/link';
import { safeLocalPath, withCallback } from '@/app/safe-callback';
import { SignUpForm } from './sign-up-form';

export const metadata: Metadata = { title: 'Create an account' };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const callbackUrl = safeLocalPath((await searchParams).callbackUrl, '') || null;
  return (
    <main className="narrow card">
      <h1>Create your account</h1>
      <SignUpForm callbackUrl={callbackUrl} />
      <p className="muted">
        Already have an account? <Link href={withCallback('/signin', callbackUrl)}>Sign in</Link>
      </p>
    </main>
  );
}
