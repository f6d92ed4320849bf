import type { ServerResponse } from 'node:http';
import { isGzipEtag } from './conditional';

/**
 * Next compresses an answer after it was made and keeps its ETag, so one strong validator would name
 * two representations (RFC 9110 8.8.3). An answer Next encodes gets the weak form of its tag, as nginx
 * does: weak comparison, which If-None-Match uses everywhere (Next's own 304s and conditional.ts), still
 * matches it, so every coding revalidates. The front's own compressed copies carry a strong tag of their
 * coding (`gzipEtagOf`) and are left alone.
 */
export function tagEncodedAnswers(res: ServerResponse): void {
  const writeHead = res.writeHead;
  // Next's compression sets Content-Encoding as the head is written, then calls the writeHead it found
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const etag = res.getHeader('etag');
    const coding = res.getHeader('content-encoding');
    if (typeof etag === 'string' && typeof coding === 'string' && coding !== 'identity' && !etag.startsWith('W/') && !isGzipEtag(etag)) {
      res.setHeader('etag', `W/${etag}`);
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
