import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { createContext } from '../../context';
import { AppError } from '../../errors';
import { createCaller } from '../../root';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** POST /api/webhooks/github/{project}: hands the raw delivery to the commits domain. */
export async function handleGithubWebhook(req: Request, params: Promise<{ project: string }>): Promise<Response> {
  const resHeaders = new Headers();
  const { project } = await params;
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return reply(413, { detail: 'Delivery body too large' }, resHeaders);
  const body = await req.text();
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return reply(413, { detail: 'Delivery body too large' }, resHeaders);
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
    return reply(...errorReply(error), resHeaders);
  }
}

/** The same `{detail}` bodies as the REST API; header values that fail the input schema are a 400. */
function errorReply(error: unknown): [number, { detail: string }] {
  if (!(error instanceof TRPCError)) return [500, { detail: 'Internal Server Error' }];
  if (error.cause instanceof AppError) return [error.cause.status, { detail: error.message }];
  if (error.cause instanceof ZodError) return [400, { detail: 'Invalid webhook headers' }];
  const status = getHTTPStatusCodeFromError(error);
  return [status, { detail: status >= 500 ? 'Internal Server Error' : error.message }];
}

function reply(status: number, body: unknown, headers: Headers) {
  headers.set('Content-Type', 'application/json');
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers });
}
