import type http from 'node:http';
import { CLIENT_IP_HEADER } from '../../context';
import { localOriginOf, runWithRequestOrigin } from '../../request-origin';
import { clientIpOf } from './client-ip';
import { COUNTED_VIEW_HEADER } from './counted-view';
import { nodeHeader, publicHostOf } from './forwarded';

type Serve = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface FrontOptions {
  proxyHops: number;
  appUrlConfigured: boolean;
  /**
   * Answers the hot public requests that read no origin (the banner, the widget files), false for the
   * rest: they skip the origin's async context, which costs a store frame on every request.
   */
  answerFirst?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/**
 * What the HTTP front does to every request before serving it: the client's address for the rate
 * limits and, while APP_URL is unset, the loopback or private origin the request was addressed to
 * (through trusted proxies: X-Forwarded-Host/-Proto), refusing any other host.
 */
export function frontListener(serve: Serve, options: FrontOptions): http.RequestListener {
  const { proxyHops, answerFirst = () => false } = options; // read once: process.env costs about a microsecond a request
  if (options.appUrlConfigured) {
    return (req, res) => {
      boundUnreadBody(req, res);
      req.headers[CLIENT_IP_HEADER] = clientIpOf(req, proxyHops);
      if (req.headers[COUNTED_VIEW_HEADER] !== undefined) delete req.headers[COUNTED_VIEW_HEADER];
      if (!answerFirst(req, res)) serve(req, res);
    };
  }
  return (req, res) => {
    boundUnreadBody(req, res);
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req, proxyHops);
    if (req.headers[COUNTED_VIEW_HEADER] !== undefined) delete req.headers[COUNTED_VIEW_HEADER];
    const { host, proto } = publicHostOf(nodeHeader(req.headers), proxyHops);
    const origin = localOriginOf(host, proto ?? 'http');
    if (!origin) return refuseHost(res);
    if (!answerFirst(req, res)) runWithRequestOrigin(origin, () => serve(req, res));
  };
}

/** DNS-rebinding protection while APP_URL is unset: a name we were not told about is not ours. */
function refuseHost(res: http.ServerResponse) {
  const body = JSON.stringify({ detail: 'This host is not served: set APP_URL to the public origin of Shipnote' });
  res.writeHead(421, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** What Node may go on reading of a body nobody reads, once its request is answered, before it hangs up. */
const UNREAD_BODY_BUDGET = { bytes: 5 * 1024 * 1024, ms: 5_000 };

/**
 * A request answered before its body has all arrived (refused from its headers: no token, a declared
 * length over the cap, past the rate limit): Node reads and discards the rest to keep the connection,
 * for as long as the client sends. It may, up to a budget (what remains of a body within the cap
 * keeps its connection), then the connection is cut. Hanging up at once would lose the answer: a
 * client still sending meets a broken pipe before it reads it.
 */
function boundUnreadBody(req: http.IncomingMessage, res: http.ServerResponse) {
  const { 'transfer-encoding': transferEncoding, 'content-length': length } = req.headers;
  if (transferEncoding === undefined && (length === undefined || Number(length) === 0)) return;
  res.once('finish', () => {
    const { socket } = req;
    // a socket already gone (the client hung up) has nothing left to read
    if (req.complete || !socket || socket.destroyed) return;
    let discarded = 0;
    // Node's parser drops what it discards without a word: counted as it reaches the socket
    const count = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > UNREAD_BODY_BUDGET.bytes) socket.destroy();
    };
    const deadline = setTimeout(() => socket.destroy(), UNREAD_BODY_BUDGET.ms).unref();
    const stop = () => {
      clearTimeout(deadline);
      socket.off('data', count);
    };
    socket.on('data', count);
    req.once('end', stop);
    socket.once('close', stop);
  });
}
