import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

const DETAILS: Record<number, string> = {
  400: 'Bad Request: the request is not valid HTTP/1.1',
  408: 'Request Timeout: the request did not arrive in time',
  413: 'Payload Too Large: a chunk extension is too long',
  431: `Request Header Fields Too Large: the request line and headers may total at most ${Math.floor(maxHeaderSize / 1024)} KB`,
};

/**
 * Requests node's parser refuses before any handler sees them (a head over 16 KB, a malformed line, a
 * wrong Content-Length): node would answer with an empty body, here they get the API's `{"detail"}`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  const body = JSON.stringify({ detail: DETAILS[status] });
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  socket.end(head + body);
}

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}
