import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { BodyTooLarge, readText } from '../body';
import { libraryErrorOf, toSpecError } from './errors';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** POST /api/webhooks/github/{project}: the raw delivery to the commits domain, with REST's error bodies. */
export async function handleGithubWebhook(req: Request, params: Promise<{ project: string }>): Promise<Response> {
  const resHeaders = new Headers();
  const { project } = await params;
  let body: string;
  try {
    body = await readText(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return reply(413, { detail: 'Delivery body too large' }, resHeaders);
    throw error;
  }
  try {
    const caller = createCaller(await createContext({ headers: req.headers, resHeaders }));
    const result = await caller.commits.github.receive({
      project,
      event: req.headers.get('x-github-event'),
      delivery: req.headers.get('x-github-delivery'),
      signature: req.headers.get('x-hub-signature-256'),
      content_type: req.headers.get('content-type'),
      body,
    });
    return reply(200, result, resHeaders);
  } catch (error) {
    // header values that fail the input schema are a bad delivery, not a validation body
    if (error instanceof TRPCError && error.cause instanceof ZodError) return reply(400, { detail: 'Invalid webhook headers' }, resHeaders);
    const failure = libraryErrorOf(error);
    return reply(...specOf(failure.status, failure.body), resHeaders);
  }
}

function specOf(status: number, body: Parameters<typeof toSpecError>[1]): [number, unknown] {
  const spec = toSpecError(status, body, 'POST');
  return [spec.status, spec.body];
}

function reply(status: number, body: unknown, headers: Headers) {
  headers.set('Content-Type', 'application/json');
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers });
}
