import http from 'node:http';
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

/** The front's HTTP server: every request through `frontListener`, those that expect 100-continue too. */
export function createFrontServer(serve: Serve, options: FrontOptions): http.Server {
  const listener = frontListener(serve, options);
  return http.createServer(listener).on('checkContinue', continueWhenBodyRead(listener));
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
      closeWhenAnsweredBeforeBody(req, res);
      req.headers[CLIENT_IP_HEADER] = clientIpOf(req, proxyHops);
      if (req.headers[COUNTED_VIEW_HEADER] !== undefined) delete req.headers[COUNTED_VIEW_HEADER];
      if (!answerFirst(req, res)) serve(req, res);
    };
  }
  return (req, res) => {
    closeWhenAnsweredBeforeBody(req, res);
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

/**
 * A request answered before its body has all arrived (refused from its headers: no token, a declared
 * length over the cap) closes its connection once answered: Node would otherwise read and discard
 * whatever the client goes on sending, for as long as it sends, to keep the connection for the next request.
 */
function closeWhenAnsweredBeforeBody(req: http.IncomingMessage, res: http.ServerResponse) {
  if (!declaresBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) this.setHeader('Connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * Serves requests that ask `Expect: 100-continue` through `listener`, telling the client to send its body
 * only when something first reads it. Node would tell it at once, so a client refused from its headers
 * (no token, past its limit) was already sending when its answer came, and could lose that answer to a
 * broken pipe as the connection closed; now it gets the answer before sending a byte of the body.
 */
function continueWhenBodyRead(listener: http.RequestListener): http.RequestListener {
  return (req, res) => {
    // with no body to wait for, continue at once: a response without its 100 would close the connection
    if (!declaresBody(req)) {
      res.writeContinue();
      return listener(req, res);
    }
    const read = req._read;
    req._read = function (this: http.IncomingMessage, size: number) {
      req._read = read;
      // a 100 after the final answer's head would corrupt the stream; the client then sends nothing
      if (!res.headersSent) res.writeContinue();
      return read.call(this, size);
    };
    listener(req, res);
  };
}

function declaresBody(req: http.IncomingMessage): boolean {
  const { 'transfer-encoding': transferEncoding, 'content-length': length } = req.headers;
  return transferEncoding !== undefined || Number(length ?? 0) !== 0;
}
