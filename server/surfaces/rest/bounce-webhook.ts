import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { BodyTooLarge, readText } from '../body';
import { libraryErrorOf, toSpecError } from './errors';

// one provider event is a few KB; Mailgun and Resend send one event per request
const MAX_BODY_BYTES = 256 * 1024;
const SIGNATURE_HEADERS = ['svix-id', 'svix-timestamp', 'svix-signature'];

/** POST /api/webhooks/email/{provider}/{project}: a bounce or complaint event to the suppressions domain. */
export async function handleBounceWebhook(req: Request, params: Promise<{ provider: string; project: string }>): Promise<Response> {
  const resHeaders = new Headers();
  const { provider, project } = await params;
  let body: string;
  try {
    body = await readText(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return reply(413, { detail: 'Delivery body too large' }, resHeaders);
    throw error;
  }
  const headers: Record<string, string> = {};
  for (const name of SIGNATURE_HEADERS) {
    const value = req.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  try {
    const caller = createCaller(await createContext({ headers: req.headers, resHeaders }));
    return reply(200, await caller.suppressions.webhooks.receive({ provider, project, headers, body }), resHeaders);
  } catch (error) {
    // header values or path parts that fail the input schema are a bad delivery, not a validation body
    if (error instanceof TRPCError && error.cause instanceof ZodError) return reply(400, { detail: 'Invalid webhook request' }, resHeaders);
    const failure = libraryErrorOf(error);
    const spec = toSpecError(failure.status, failure.body, 'POST');
    return reply(spec.status, spec.body, resHeaders);
  }
}

function reply(status: number, body: unknown, headers: Headers) {
  headers.set('Content-Type', 'application/json');
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers });
}
