import type { Metadata } from 'next';
import Link from 'next/link';
import { serverCaller } from '@/server/surfaces/web/caller';

export const metadata: Metadata = { title: 'Confirm your email', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

/** The link of the verification email: following it confirms the address (no sign-in needed). */
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const caller = await serverCaller();
  const result = await caller.verification.confirm({ token: token.slice(0, 200) }).then(
    (ok) => ({ ok: true as const, email: ok.email }),
    (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : 'This link is not valid' }),
  );
  return (
    <main className="narrow card">
      {result.ok ? (
        <>
          <h1>Email confirmed</h1>
          <p><strong>{result.email}</strong> is verified.</p>
          <p><Link className="button" href="/dashboard">Go to the dashboard</Link></p>
        </>
      ) : (
        <>
          <h1>Link not valid</h1>
          <p role="alert">{result.message}</p>
          <p><Link href="/verify-email">Send a new link</Link></p>
        </>
      )}
    </main>
  );
}
