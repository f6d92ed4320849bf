import { redirect } from 'next/navigation';
import { currentUserId } from '@/server/auth/session';
import { serverCaller } from '@/server/surfaces/web/caller';

/** The signed-in user's caller, or a redirect to sign in that comes back here. */
export async function requireUser(returnTo: string) {
  const userId = await currentUserId();
  if (!userId) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return { userId, caller: await serverCaller() };
}
