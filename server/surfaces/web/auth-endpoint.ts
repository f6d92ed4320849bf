import NextAuth from 'next-auth';
import { authOptions } from './next-auth-options';
import { knownDeviceCookie, isKnownDevice } from './known-device';
import { tooManyAttemptsError } from './sign-in-errors';
import { CLIENT_IP_HEADER } from '../../context';
import { AppError } from '../../errors';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { BodyTooLarge, readText } from '../body';

type RouteContext = { params: Promise<{ nextauth: string[] }> };
type Fields = Record<string, string>;

const MAX_FORM_BYTES = 16 * 1024;
let options: ReturnType<typeof authOptions> | undefined;

/**
 * next-auth's routes. Password sign-ins are throttled before next-auth sees them (so before any
 * hashing): per client address, per account from that address, and per account from all addresses
 * together unless this browser signed in to that account before. A refusal is a 429 with Retry-After
 * whose `url` carries the wait to the sign-in form.
 */
export async function handleAuthRequest(req: Request, ctx: RouteContext): Promise<Response> {
  const segments = (await ctx.params).nextauth ?? [];
  let body: Fields | undefined;
  try {
    body = req.method === 'POST' ? parseBody(req.headers.get('content-type'), await readText(req, MAX_FORM_BYTES)) : undefined;
  } catch (error) {
    if (error instanceof BodyTooLarge) return Response.json({ detail: error.message }, { status: 413 });
    throw error;
  }
  const cookies = parseCookies(req.headers.get('cookie'));
  const isPasswordSignIn = req.method === 'POST' && segments[0] === 'callback' && segments[1] === 'credentials';
  const account = (body?.email ?? '').trim().toLowerCase().slice(0, 320);
  if (isPasswordSignIn) {
    const refused = await throttle(req, account, isKnownDevice(cookies, account));
    if (refused) return refused;
  }
  const res = await runNextAuth(req, segments, body, cookies);
  if (isPasswordSignIn && signedIn(res)) res.headers.append('Set-Cookie', knownDeviceCookie(cookies, account, req.url));
  return res;
}

async function throttle(req: Request, account: string, knownDevice: boolean): Promise<Response | null> {
  const resHeaders = new Headers();
  const clientIp = req.headers.get(CLIENT_IP_HEADER) ?? '127.0.0.1';
  const ctx = { clientIp, resHeaders };
  try {
    await enforceRateLimit(ctx, 'signIn');
    await enforceRateLimit(ctx, 'signInAccount', `${account} ${clientIp}`);
    if (!knownDevice) await enforceRateLimit(ctx, 'signInAccountAll', account);
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    const wait = Number(resHeaders.get('Retry-After') ?? 60);
    const url = new URL(`/signin?error=${encodeURIComponent(tooManyAttemptsError(wait))}`, req.url).href;
    return Response.json({ detail: `Too many attempts, try again in ${wait} seconds`, url }, { status: 429, headers: resHeaders });
  }
}

/** A successful sign-in is the one that sets the session cookie. */
function signedIn(res: Response) {
  return res.status < 400 && res.headers.getSetCookie().some((cookie) => /session-token=[^;]/.test(cookie));
}

/**
 * next-auth's API-route entry (its public `NextAuth(req, res, options)` form) over a web Request: the
 * App Router entry reads `next/headers`, which exists only inside Next, while this one runs the same
 * library code in Next, in the custom front and in tests.
 */
async function runNextAuth(req: Request, segments: string[], body: Fields | undefined, cookies: Fields): Promise<Response> {
  options ??= authOptions();
  const url = new URL(req.url);
  const apiReq = {
    method: req.method,
    headers: Object.fromEntries(req.headers),
    cookies,
    query: { ...Object.fromEntries(url.searchParams), nextauth: segments },
    body,
  };
  const out = new CollectedResponse();
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(apiReq, out, options);
  return new Response(out.body, { status: out.statusCode, headers: out.headers });
}

/** The part of Next's API response next-auth uses: status, headers, JSON, a body, a redirect. */
class CollectedResponse {
  statusCode = 200;
  headers = new Headers();
  body: string | null = null;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string | string[]) {
    this.headers.delete(name);
    for (const v of Array.isArray(value) ? value : [value]) this.headers.append(name, v);
    return this;
  }
  getHeader(name: string) {
    return name.toLowerCase() === 'set-cookie' ? this.headers.getSetCookie() : (this.headers.get(name) ?? undefined);
  }
  json(value: unknown) {
    this.headers.set('Content-Type', 'application/json');
    this.body = JSON.stringify(value);
    return this;
  }
  send(value: unknown) {
    if (value === undefined || value === null) return this;
    if (typeof value === 'string') this.body = value;
    else this.json(value);
    return this;
  }
  end() {
    return this;
  }
}

function parseBody(contentType: string | null, text: string): Fields {
  if (contentType?.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      }
    } catch {
      // not JSON: no fields, and next-auth refuses the request as it would any empty form
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function parseCookies(header: string | null): Fields {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return Object.fromEntries(cookies);
}
