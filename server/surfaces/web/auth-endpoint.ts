import NextAuth from 'next-auth';
import { authOptions } from './next-auth-options';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { BodyTooLarge, readText } from '../body';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions()) as (req: Request, ctx: RouteContext) => Promise<Response>;
const MAX_FORM_BYTES = 16 * 1024;

/**
 * next-auth's routes, with password sign-ins throttled first: per client address, and per account from
 * that address (so nobody elsewhere can lock an owner out). A refusal is a 429 with Retry-After; its
 * `url` is what next-auth's client reads, so the sign-in form can say why.
 */
export async function handleAuthRequest(req: Request, ctx: RouteContext): Promise<Response> {
  if (req.method !== 'POST' || !new URL(req.url).pathname.endsWith('/callback/credentials')) return nextAuth(req, ctx);
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readText(req.clone(), MAX_FORM_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLarge) return Response.json({ detail: error.message }, { status: 413 });
    throw error;
  }
  const resHeaders = new Headers();
  const clientIp = req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1';
  const account = (form.get('email') ?? '').trim().toLowerCase().slice(0, 320);
  try {
    await enforceRateLimit({ clientIp, resHeaders }, 'signIn');
    await enforceRateLimit({ clientIp, resHeaders }, 'signInAccount', `${account} ${clientIp}`);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    const url = new URL('/signin?error=TooManyAttempts', req.url).href;
    return Response.json({ detail: error.message, url }, { status: 429, headers: resHeaders });
  }
  return nextAuth(req, ctx);
}
