import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_IP_HEADER } from '../../context';
import { answerBannerHttp, BANNER_EVENTS_PREFLIGHT_HEADERS, BANNER_PREFLIGHT_HEADERS, type HttpAnswer } from './banner';
import { headerValue } from './conditional';
import { isWidgetPath, serveWidget } from './widget-asset';

const BANNER_PATH = '/api/v1/banner';
const BANNER_EVENTS_PATH = '/api/v1/banner/events';
const METHOD_NOT_ALLOWED_BODY = '{"detail":"Method Not Allowed"}';
const WIDGET_METHOD_NOT_ALLOWED = { Allow: 'GET, HEAD', 'Content-Type': 'application/json', 'Content-Length': String(METHOD_NOT_ALLOWED_BODY.length) };
/** JSON POSTs any web page may send (the widget's reports, a site's own subscribe form): their preflights */
const ANY_ORIGIN_POSTS = new Set([BANNER_EVENTS_PATH, '/api/v1/subscribe']);

/**
 * The hot public GETs, answered before Next (whose pipeline costs about 1 ms a request): `/api/v1/banner`
 * through the same function as the REST entry, and the widget files. Returns false for everything else,
 * which Next then handles.
 */
export function handleFastPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (isWidgetPath(path)) {
    if (req.method === 'GET' || req.method === 'HEAD') serveWidget(req, res, path);
    else res.writeHead(405, WIDGET_METHOD_NOT_ALLOWED).end(METHOD_NOT_ALLOWED_BODY);
    return true;
  }
  if (ANY_ORIGIN_POSTS.has(path) && req.method === 'OPTIONS') {
    // the POSTs themselves go through Next's REST entry
    res.writeHead(204, BANNER_EVENTS_PREFLIGHT_HEADERS).end();
    return true;
  }
  if (path !== BANNER_PATH) return false;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, BANNER_PREFLIGHT_HEADERS).end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const answer = answerBannerHttp({
    query: q === -1 ? '' : url.slice(q + 1),
    authorization: req.headers.authorization ?? null,
    pageUrl: headerValue(req.headers['x-service-page-url']),
    ifNoneMatch: headerValue(req.headers['if-none-match']),
    clientIp: String(req.headers[CLIENT_IP_HEADER] ?? '127.0.0.1'),
  });
  if (answer instanceof Promise) void answer.then((settled) => write(req, res, settled));
  else write(req, res, answer);
  return true;
}

/** The answer's headers are shared by every request it serves: node reads them, never changes them. */
function write(req: IncomingMessage, res: ServerResponse, answer: HttpAnswer) {
  res.writeHead(answer.status, answer.headers).end(answer.body === null || req.method === 'HEAD' ? undefined : answer.body);
}

