import type { Metadata } from 'next';
import { ConfirmSignUpForm } from './confirm-form';

export const metadata: Metadata = { title: 'Finish creating your account', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

/** The link of the sign-up email: the password chosen at sign-up finishes the account and signs in. */
export default async function ConfirmSignUpPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main className="narrow card">
      <h1>Finish creating your account</h1>
      <ConfirmSignUpForm token={token.slice(0, 200)} />
    </main>
  );
}
