/** A request body past its surface's cap; each surface answers it in its own format (413). */
export class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body is larger than ${limitBytes >= 1024 * 1024 ? `${limitBytes / 1024 / 1024} MB` : `${limitBytes / 1024} KB`}`);
  }
}

/**
 * The body cap of every surface that takes a tool's or a procedure's input (REST, the dashboard, MCP), the
 * same on each. The largest input written in ASCII-range text fits (a knowledge-base set of 200 articles
 * of 20,000 characters is about 4 MB of JSON), and the CSV import's 2 MB file fits even JSON-escaped; text
 * of other scripts takes 2-3 bytes a character (6 as `\uXXXX`), so such a set can pass the cap: 413.
 */
export const MAX_JSON_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Reads a body while it streams in and stops at the cap: a declared Content-Length over it is refused
 * before reading, and a chunked body is cancelled the moment it passes, so memory stays bounded.
 */
export async function readBody(req: Request, limitBytes: number): Promise<Buffer> {
  if (Number(req.headers.get('content-length') ?? 0) > limitBytes) throw new BodyTooLarge(limitBytes);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text; bytes that are not UTF-8 become U+FFFD, as every JSON and form reader would. */
export async function readText(req: Request, limitBytes: number): Promise<string> {
  return (await readBody(req, limitBytes)).toString('utf8');
}

/** A body that is not UTF-8 where only UTF-8 is valid (JSON: RFC 8259 section 8.1). */
export class NotUtf8 extends Error {}

// fatal: refused, not stored as U+FFFD; ignoreBOM keeps a BOM as text, as readText does
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as text, refused with NotUtf8 when its bytes are not UTF-8: a JSON body, where a wrong encoding would otherwise be stored as U+FFFD. */
export async function readUtf8(req: Request, limitBytes: number): Promise<string> {
  const bytes = await readBody(req, limitBytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new NotUtf8('The body is not UTF-8 text');
  }
}

/**
 * Percent-decodes every segment of a path. A malformed segment stays as sent, so the route's own rule
 * refuses it (a slug or UUID that does not match: 422; an identifier that matches nothing: 404).
 */
export function decodePath(pathname: string): string[] {
  return pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/** True for text PostgreSQL and JSON consumers cannot take: NUL characters or lone UTF-16 surrogates. */
export function isUnsafeText(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

export const MAX_JSON_DEPTH = 64;

/** The 422 body for unsafe text at `loc` (api-v1.md section 7's validation shape), on every HTTP surface. */
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or lone surrogates, nor nest deeper than 64 levels, nor use the key __proto__';

export function unsafeTextDetail(loc: (string | number)[]) {
  return { detail: [{ loc, msg: UNSAFE_TEXT_MESSAGE, type: 'string_unsafe' }] };
}

/** `['query', name]` of the first query parameter whose decoded name or value is unsafe text (or named `__proto__`), else null. */
export function findUnsafeQuery(query: URLSearchParams): (string | number)[] | null {
  for (const [name, value] of query) if (isUnsafeText(name) || name === '__proto__' || isUnsafeText(value)) return ['query', name];
  return null;
}

/**
 * The path (`['recipients', 3, 'name']`) of the first unsafe string or key (or a `__proto__` key) in a
 * JSON value, or of a value nested deeper than MAX_JSON_DEPTH; null when the whole value is safe.
 */
export function findUnsafeText(value: unknown): (string | number)[] | null {
  const path: (string | number)[] = [];
  return unsafeAt(value, path) ? path : null;
}

/**
 * True at the first unsafe spot, with `path` left pointing at it. One path array for the whole walk:
 * copying it at every visited value made the walk of a 1,000-entry body about three times as slow.
 */
function unsafeAt(value: unknown, path: (string | number)[]): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object') return false;
  if (path.length >= MAX_JSON_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      if (unsafeAt(value[i], path)) return true;
      path.pop();
    }
    return false;
  }
  for (const key of Object.keys(value)) {
    path.push(key);
    // JSON.parse keeps `__proto__` as a key, but schemas and spreads drop it: refused, not lost silently
    if (isUnsafeText(key) || key === '__proto__' || unsafeAt((value as Record<string, unknown>)[key], path)) return true;
    path.pop();
  }
  return false;
}
