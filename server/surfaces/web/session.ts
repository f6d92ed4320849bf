import { getServerSession } from 'next-auth';
import { getToken } from 'next-auth/jwt';
import { authOptions } from './next-auth-options';

/** The signed-in user's id inside a Next page, layout or server action. */
export async function currentUserId(): Promise<string | null> {
  const session = await getServerSession(authOptions());
  return (session?.user as { id?: string } | undefined)?.id ?? null;
}

/** The signed-in user's id from a request's session cookie (route handlers). */
export async function sessionUserIdOf(req: Request): Promise<string | null> {
  const token = await getToken({ req: req as never, secret: process.env.NEXTAUTH_SECRET });
  return token?.sub ?? null;
}
