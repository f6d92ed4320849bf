import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentUserId } from '@/server/surfaces/web/session';
import { serverCaller } from '@/server/surfaces/web/caller';
import { ResendButton } from './resend-button';

export const metadata: Metadata = { title: 'Verify your email' };

export default async function VerifyEmailStatusPage() {
  if (!(await currentUserId())) redirect('/signin?callbackUrl=%2Fverify-email');
  const caller = await serverCaller();
  const user = await caller.accounts.current();
  return (
    <main className="narrow card">
      <h1>Verify your email</h1>
      {user.is_verified ? (
        <p><strong>{user.email}</strong> is verified.</p>
      ) : (
        <>
          <p>We sent a link to <strong>{user.email}</strong>. Follow it to verify your address.</p>
          <p className="muted">Without an SMTP server (SMTP_URL), the email is in the Outbox of any of your projects.</p>
          <ResendButton />
        </>
      )}
    </main>
  );
}
