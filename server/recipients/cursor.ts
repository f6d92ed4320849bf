import { AppError } from '../errors';

const VERSION = 'r1';

/** Opaque to callers: the position after which the next page starts (the row's insertion order). */
export function encodeCursor(seq: number): string {
  return Buffer.from(`${VERSION}.${seq}`).toString('base64url');
}

/** The position a cursor stands for; 400 for anything this service did not hand out. */
export function decodeCursor(cursor: string): number {
  const match = new RegExp(`^${VERSION}\\.(\\d{1,15})$`).exec(Buffer.from(cursor, 'base64url').toString());
  const seq = Number(match?.[1]);
  if (!match || encodeCursor(seq) !== cursor) throw new AppError('BAD_REQUEST', 'Malformed cursor');
  return seq;
}
