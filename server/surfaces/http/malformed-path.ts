import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRestUrl } from './rest-route';

/**
 * Next decodes a dynamic route's segment before the page runs, and answers 500 for one that is not
 * valid percent-encoding (`/unsubscribe/%ff`, `/p/%`). Such a path names no page, so it is refused
 * here with a 400. REST paths keep the answers their routes give (422 on the parameter, or 404).
 */
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes('%') || decodes(path) || isRestUrl(url)) return false;
  const body = JSON.stringify({ detail: 'The URL is not valid percent-encoding' });
  res.writeHead(400, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
  return true;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
