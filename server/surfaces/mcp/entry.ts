import { parseBearer } from '../../auth/bearer';
import { createContext, type Context } from '../../context';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { mcpResource, SCOPE } from '../../oauth/urls';
import { enforceRateLimit } from '../../rate-limit/enforce';
import { createCaller } from '../../root';
import { BodyTooLarge, findUnsafeText, MAX_JSON_BODY_BYTES, NotUtf8, readUtf8 } from '../body';
import { challenge, refusedOrigin, withMcpCors } from './http';
import { serveMcp } from './server';
import { requestAuthInfo } from './tool';

/**
 * `POST /mcp`, the one entry of the agent surface: the Origin check (DNS rebinding), authentication
 * (OAuth access tokens bound to this resource, or project API tokens) once, the capped body, then the
 * SDK's handler for every protocol revision we serve, with a pooled server. Rate limits apply per tool
 * call, in the procedures the tools run.
 */
export async function handleMcpPost(req: Request): Promise<Response> {
  const refused = refusedOrigin(req);
  if (refused) return refused;
  // the token is in the headers: a caller without one costs no body read or parse
  const ctx = await createContext({ headers: req.headers, mcpResource: mcpResource() });
  if (ctx.actor.kind !== 'project') return refuseCaller(ctx, Boolean(req.headers.get('authorization')));
  let body: unknown;
  try {
    body = JSON.parse(await readUtf8(req, MAX_JSON_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLarge) return rpcError(413, -32600, error.message);
    return rpcError(400, -32700, `Parse error: the body is not JSON${error instanceof NotUtf8 ? ' (not UTF-8 text)' : ''}`);
  }
  const unsafe = findUnsafeText(body);
  // a well-formed JSON-RPC request with bad params gets its answer, not an HTTP error
  if (unsafe) return rpcError(200, -32602, `Invalid params: ${unsafe.join('.') || 'the message'} contains a NUL character, a lone surrogate or a __proto__ key, or nests too deeply`, idOf(body));

  if (badToolArguments(body)) return rpcError(200, -32602, 'Invalid params: arguments must be an object', idOf(body));

  try {
    const authInfo = requestAuthInfo(parseBearer(req.headers.get('authorization'))!, ctx.actor.userId, [SCOPE], createCaller(ctx));
    return withMcpCors(withChallenge(await serveMcp(req, { parsedBody: body, authInfo })));
  } catch (error) {
    logError('MCP request failed', error);
    return rpcError(500, -32603, 'Internal error');
  }
}

/** GET would open a stream that never ends in stateless mode, and there is no session to DELETE. */
export function handleMcpMethodNotAllowed(req: Request): Response {
  return (
    refusedOrigin(req) ??
    withMcpCors(
      Response.json(
        { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: use POST' }, id: null },
        { status: 405, headers: { Allow: 'POST, OPTIONS' } },
      ),
    )
  );
}

/** The one error mapper of this surface before the protocol runs: JSON-RPC error objects. */
function rpcError(status: number, code: number, message: string, id: unknown = null): Response {
  return withMcpCors(Response.json({ jsonrpc: '2.0', error: { code, message }, id }, { status }));
}

/** `tools/call` arguments that are not an object: the SDK would answer them as an internal error. */
function badToolArguments(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const message = m as { method?: unknown; params?: { arguments?: unknown } } | null;
    const args = message?.method === 'tools/call' ? message.params?.arguments : undefined;
    return args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args));
  });
}

function idOf(body: unknown): unknown {
  return body && typeof body === 'object' && 'id' in body ? body.id : null;
}

/**
 * A caller without a valid token is anonymous traffic, counted as REST counts it: 401 with the limit's
 * headers, and 429 past the limit, so guessing tokens costs a client as much as any other anonymous call.
 * Both carry the challenge a client starts its OAuth discovery from.
 */
async function refuseCaller(ctx: Context, tokenSent: boolean): Promise<Response> {
  ctx.resHeaders.set('WWW-Authenticate', challenge(tokenSent ? 'invalid_token' : undefined));
  try {
    await enforceRateLimit(ctx, 'general');
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    return withMcpCors(Response.json({ detail: error.message }, { status: 429, headers: ctx.resHeaders }));
  }
  const detail = tokenSent ? 'Invalid or expired token' : 'Authorization required';
  return withMcpCors(Response.json({ detail }, { status: 401, headers: ctx.resHeaders }));
}

/** A 401 or 403 from the SDK (a scope challenge) still names the resource metadata and scope. */
function withChallenge(response: Response): Response {
  if ((response.status === 401 || response.status === 403) && !response.headers.get('www-authenticate')) {
    response.headers.set('WWW-Authenticate', challenge(response.status === 403 ? 'insufficient_scope' : 'invalid_token'));
  }
  return response;
}
