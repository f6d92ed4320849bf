/**
 * The `error` values the sign-in page receives (from next-auth, or from our throttle) and what the
 * page says for each. Client-safe: the sign-in form imports it.
 */
const TOO_MANY = 'TooManyAttempts';

/** The error value of a throttled sign-in: next-auth's client passes on `error` only, so it carries the wait. */
export function tooManyAttemptsError(retryAfterSeconds: number): string {
  return `${TOO_MANY}:${retryAfterSeconds}`;
}

const MESSAGES: Record<string, string> = {
  CredentialsSignin: 'Wrong email or password',
  OAuthAccountNotLinked:
    'GitHub sign-in needs a verified address on both sides: make your primary GitHub email verified, and if you already have a Shipnote account with that address, sign in with your password and confirm the address first (link in the email we sent).',
  OAuthSignin: 'GitHub sign-in could not start. Try again.',
  OAuthCallback: 'GitHub sign-in did not complete. Try again.',
  AccessDenied: 'Sign-in was refused.',
};

/** What the sign-in page shows for `error`, or null when there is nothing to show. */
export function signInErrorMessage(error: string | null | undefined): string | null {
  if (!error) return null;
  if (error === TOO_MANY || error.startsWith(`${TOO_MANY}:`)) {
    const seconds = Number(error.slice(TOO_MANY.length + 1));
    return Number.isInteger(seconds) && seconds > 0 ? `Too many attempts, try again in ${seconds} seconds.` : 'Too many attempts, try again in a minute.';
  }
  return MESSAGES[error] ?? 'Sign-in failed. Try again.';
}
