import { headers } from 'next/headers';
import { currentUserId } from './session';
import { createContext } from '../../context';
import { createCaller } from '../../root';

/**
 * A tRPC caller for server components, as the signed-in user; with `project` (id or slug), acting on
 * that project, which the actor resolution checks the user is a member of.
 */
export async function serverCaller(project?: string) {
  const requestHeaders = new Headers(await headers());
  return createCaller(await createContext({ headers: requestHeaders, sessionUserId: await currentUserId(), project }));
}
