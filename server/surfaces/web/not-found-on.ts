import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';

/** What a dashboard page shows as its 404: an id that is missing, another project's, or malformed. */
const NOT_FOUND_CODES = new Set<TRPCError['code']>(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST']);

/**
 * For a dashboard page's read (`.catch(notFoundOn)`): a missing, foreign or malformed id renders the
 * 404 page; any other failure (the database down, a bug) stays an error, logged and shown as one.
 */
export function notFoundOn(error: unknown): never {
  if (error instanceof TRPCError && NOT_FOUND_CODES.has(error.code)) notFound();
  throw error;
}
