import { headers } from 'next/headers';
import { currentUserId } from '../../auth/session';
import { createContext } from '../../context';
import { createCaller } from '../../root';

/** A tRPC caller for server components and server actions, as the signed-in user. */
export async function serverCaller() {
  const requestHeaders = new Headers(await headers());
  return createCaller(await createContext({ headers: requestHeaders, sessionUserId: await currentUserId() }));
}
