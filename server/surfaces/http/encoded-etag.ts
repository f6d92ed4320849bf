import type { ServerResponse } from 'node:http';
import { codedEtagOf } from './conditional';

/**
 * Next compresses an answer after it was made and keeps its ETag, so one strong validator would name
 * two representations (RFC 9110 8.8.3): a cache could then answer a revalidation of the plain body with
 * the compressed one. An answer Next encodes gets the tag of its coding, as the shared cache's copies
 * do; the REST surface's 304s take either tag (conditional.ts).
 */
export function tagEncodedAnswers(res: ServerResponse): void {
  const writeHead = res.writeHead;
  // Next's compression sets Content-Encoding as the head is written, then calls the writeHead it found
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const etag = res.getHeader('etag');
    const coding = res.getHeader('content-encoding');
    if (typeof etag === 'string' && !etag.startsWith('W/') && typeof coding === 'string' && coding !== 'identity') {
      res.setHeader('etag', codedEtagOf(etag, coding));
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
