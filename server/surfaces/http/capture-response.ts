import type { ServerResponse } from 'node:http';

/** What Next sent for one request, as the front saw it leave. */
export interface CapturedResponse {
  status: number;
  /** lower-case names, as sent */
  headers: Map<string, string>;
  body: Buffer;
}

/**
 * Watches what is written to `res` and hands `onEnd` the whole 200 response when it ends. Another status
 * or a body outgrowing `maxBytes` calls `onGiveUp` as soon as it is written, and `onEnd` never. The bytes
 * still go to the client as written.
 */
export function captureResponse(res: ServerResponse, maxBytes: number, onEnd: (response: CapturedResponse) => void, onGiveUp: () => void = () => {}): void {
  const chunks: Buffer[] = [];
  let size = 0;
  // headers handed to writeHead are not readable through getHeaders unless setHeader ran first
  const passed = new Map<string, string>();
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let givenUp = false;
  const giveUp = () => {
    if (givenUp) return;
    givenUp = true;
    chunks.length = 0;
    onGiveUp();
  };
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 200) giveUp();
    const headers = rest.find((arg) => arg && typeof arg === 'object') as Record<string, unknown> | undefined;
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) passed.set(name.toLowerCase(), String(value));
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || givenUp) return;
    const buffer =
      typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) return giveUp();
    chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    if (res.statusCode !== 200) giveUp();
    if (!givenUp) {
      const headers = new Map<string, string>();
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      for (const [name, value] of passed) headers.set(name, value);
      onEnd({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}
