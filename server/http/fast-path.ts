import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZodError } from 'zod';
import { getDatabase } from '@/db/client';
import { answerBannerRequest, matchesEtag } from '../banner/answer';
import { ZBannerQuery } from '../banner/schemas';
import { CLIENT_IP_HEADER } from '../context';
import { AppError } from '../errors';
import { logError } from '../log';
import { enforceRateLimit } from '../rate-limit/enforce';
import { toSpecError } from '../rest/errors';
import { serveWidget } from './widget-asset';

const BANNER_PATH = '/api/v1/banner';

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, X-Service-Page-Url',
  'Access-Control-Max-Age': '86400',
};

/**
 * The hot public GETs, answered before Next (whose pipeline costs about 1 ms a request): `/api/v1/banner`
 * through the same domain answer, rate limiter and error bodies as the REST route, and `/widget.js`.
 * Returns false for everything else, which Next then handles.
 */
export function handleFastPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === '/widget.js' && (req.method === 'GET' || req.method === 'HEAD')) {
    serveWidget(req, res);
    return true;
  }
  if (path !== BANNER_PATH) return false;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, PREFLIGHT_HEADERS).end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  serveBanner(req, res, q === -1 ? '' : url.slice(q + 1)).catch((error) => {
    logError('banner fast path failed', error);
    if (!res.headersSent) send(req, res, 500, {}, '{"detail":"Internal Server Error"}');
  });
  return true;
}

async function serveBanner(req: IncomingMessage, res: ServerResponse, query: string) {
  const ctx = { clientIp: String(req.headers[CLIENT_IP_HEADER] ?? '127.0.0.1'), resHeaders: new Headers() };
  try {
    await enforceRateLimit(ctx, 'general');
    const input = ZBannerQuery.parse(queryInput(query));
    const { db } = await getDatabase();
    const answer = await answerBannerRequest(db, {
      authorization: req.headers.authorization ?? null,
      key: input.key,
      pageUrl: headerValue(req.headers['x-service-page-url']),
    });
    const headers = { ...Object.fromEntries(ctx.resHeaders), ...answer.headers };
    if (answer.status === 200 && matchesEtag(headerValue(req.headers['if-none-match']), answer.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    send(req, res, answer.status, headers, answer.body);
  } catch (error) {
    const rateHeaders = Object.fromEntries(ctx.resHeaders);
    if (error instanceof AppError) return send(req, res, error.status, rateHeaders, JSON.stringify({ detail: error.message }));
    if (error instanceof ZodError) {
      const spec = toSpecError(422, { issues: error.issues }, 'GET');
      return send(req, res, spec.status, rateHeaders, JSON.stringify(spec.body));
    }
    throw error;
  }
}

/** The query as trpc-to-openapi reads it: a repeated parameter becomes an array (and fails validation). */
function queryInput(query: string): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  if (!query) return input;
  for (const [name, value] of new URLSearchParams(query)) {
    const seen = input[name];
    input[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return input;
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string) {
  const bytes = Buffer.from(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
