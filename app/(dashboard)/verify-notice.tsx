import Link from 'next/link';

/** Shown until the account's address is confirmed: where the link went, and how to get a new one. */
export function VerifyNotice({ email }: { email: string }) {
  return (
    <p className="notice">
      Confirm your email address: we sent a link to <strong className="wrap-anywhere">{email}</strong>. No email? <Link href="/verify-email">Send a new link</Link>.
    </p>
  );
}
