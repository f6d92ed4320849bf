import { redirect } from 'next/navigation';
import { currentUserId } from '@/server/surfaces/web/session';
import { serverCaller } from '@/server/surfaces/web/caller';
import { notFoundOn } from '@/server/surfaces/web/not-found-on';

/** The signed-in user's caller, or a redirect to sign in that comes back here. */
export async function requireUser(returnTo: string) {
  const userId = await currentUserId();
  if (!userId) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return { userId, caller: await serverCaller() };
}

/** The caller acting on one of the user's projects (by slug), and that project; 404 for any other. */
export async function requireProject(slug: string, returnTo: string) {
  const { userId } = await requireUser(returnTo);
  const caller = await serverCaller(slug);
  const project = await caller.projects.get({ idOrSlug: slug }).catch(notFoundOn);
  return { userId, caller, project };
}
