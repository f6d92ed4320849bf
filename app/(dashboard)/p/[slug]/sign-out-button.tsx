'use client';
import { signOut } from 'next-auth/react';
import { confirmLeavingUnsaved } from './_content/unsaved-changes';

export function SignOutButton() {
  // next-auth would send the browser to its configured URL, which with APP_URL unset names localhost
  // even for a visitor on 127.0.0.1: the home page of the origin in use keeps the next sign-in there
  async function leave() {
    // asked before the session ends: afterwards, staying to save could not work
    if (!confirmLeavingUnsaved()) return;
    await signOut({ redirect: false });
    // a full load, as next-auth does: nothing of the signed-in session stays in the page's memory
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/');
  }
  return (
    <button className="secondary" type="button" onClick={leave}>
      Sign out
    </button>
  );
}
