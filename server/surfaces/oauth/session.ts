import { getToken } from 'next-auth/jwt';

/**
 * The signed-in user behind a request's next-auth session cookie. Reads the Cookie header itself, so it
 * works for any standard Request, not only Next's.
 */
export async function sessionUserOf(req: Request): Promise<string | null> {
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // a malformed cookie is not ours
    }
  }
  const token = await getToken({ req: { headers: new Headers(), cookies } as never, secret: process.env.NEXTAUTH_SECRET });
  return token?.sub ?? null;
}
