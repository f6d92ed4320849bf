import type { ServerResponse } from 'node:http';

/** What Next sent for one request, as the front saw it leave. */
export interface CapturedResponse {
  status: number;
  /** lower-case names, as sent */
  headers: Map<string, string>;
  body: Buffer;
}

interface HoldHandlers {
  /**
   * The whole 200, held: answer it yourself (after removing the headers Next set on `res`), or call
   * `release` to send it as written.
   */
  onWhole(response: CapturedResponse, release: () => void): void;
  /** another status, or a body past `maxBytes`: it streams through from here on, and `onWhole` never runs */
  onGiveUp(): void;
}

type Method = (...args: unknown[]) => unknown;

/**
 * Holds what is written to `res` (status, headers, body) until it ends, so the front can answer from
 * the whole response: a 304 to a client that holds those bytes, the same ETag as every later copy.
 * A response that cannot be kept is not held: another status streams through as soon as it is known,
 * a body growing past `maxBytes` from then on, after what was held.
 */
export function holdResponse(res: ServerResponse, maxBytes: number, { onWhole, onGiveUp }: HoldHandlers): void {
  const original = { writeHead: res.writeHead as Method, write: res.write as Method, end: res.end as Method, flushHeaders: res.flushHeaders as Method };
  let head: unknown[] | null = null;
  const chunks: Buffer[] = [];
  let size = 0;
  let passing = false;

  /** From here on everything goes out as written: first what was held. */
  const pass = () => {
    if (passing) return;
    passing = true;
    if (head) original.writeHead.apply(res, head);
    for (const chunk of chunks.splice(0)) original.write.call(res, chunk);
  };
  const giveUp = () => {
    if (passing) return;
    onGiveUp();
    pass();
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(buffer);
    if (size > maxBytes) giveUp();
  };
  const callbackOf = (args: unknown[]) => args.find((arg): arg is () => void => typeof arg === 'function');

  res.writeHead = ((...args: unknown[]) => {
    if (passing) return original.writeHead.apply(res, args);
    head = args;
    if (args[0] !== 200) giveUp();
    return res;
  }) as typeof res.writeHead;
  res.flushHeaders = () => {
    if (passing) original.flushHeaders.call(res);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (passing) return original.write.call(res, chunk, ...rest);
    // a status set without writeHead (Next's route handlers) is known at the first write
    if (!head && res.statusCode !== 200) {
      giveUp();
      return original.write.call(res, chunk, ...rest);
    }
    collect(chunk, rest[0]);
    if (passing) return true; // the chunk went out with what was held
    const done = callbackOf(rest);
    if (done) process.nextTick(done);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (passing) return original.end.call(res, chunk, ...rest);
    if (!head && res.statusCode !== 200) {
      giveUp();
      return original.end.call(res, chunk, ...rest);
    }
    collect(chunk, rest[0]);
    if (passing) return original.end.call(res, ...[chunk, ...rest].filter((arg) => typeof arg === 'function'));
    const done = typeof chunk === 'function' ? (chunk as () => void) : callbackOf(rest);
    if (done) res.once('finish', done);
    const headers = new Map<string, string>();
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const passed = head?.find((arg) => arg && typeof arg === 'object' && !Array.isArray(arg)) as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(passed ?? {})) headers.set(name.toLowerCase(), String(value));
    const body = Buffer.concat(chunks);
    passing = true;
    onWhole({ status: Number(head?.[0] ?? res.statusCode), headers, body }, () => {
      // the whole body's length, which Node leaves out on a HEAD's response
      if (!headers.has('content-length') && !headers.has('transfer-encoding')) res.setHeader('content-length', body.length);
      if (head) original.writeHead.apply(res, head);
      original.end.call(res, body);
    });
    return res;
  }) as typeof res.end;
}
