'use client';
import { signOut } from 'next-auth/react';

export function SignOutButton() {
  // next-auth would send the browser to its configured URL, which with APP_URL unset names localhost
  // even for a visitor on 127.0.0.1: the home page of the origin in use keeps the next sign-in there
  async function leave() {
    await signOut({ redirect: false });
    window.location.assign('/');
  }
  return (
    <button className="secondary" type="button" onClick={leave}>
      Sign out
    </button>
  );
}
