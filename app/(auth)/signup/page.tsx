import type { Metadata } from 'next';
import Link from 'next/link';
import { SignUpForm } from './sign-up-form';

export const metadata: Metadata = { title: 'Create an account' };

export default function SignUpPage() {
  return (
    <main className="narrow card">
      <h1>Create your account</h1>
      <SignUpForm />
      <p className="muted">
        Already have an account? <Link href="/signin">Sign in</Link>
      </p>
    </main>
  );
}
