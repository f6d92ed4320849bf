import { TRPCError } from '@trpc/server';
import { isHTTPAccessFallbackError } from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import { expect, it } from 'vitest';
import { notFoundOn } from '../not-found-on';

const thrownBy = (error: unknown) => {
  try {
    notFoundOn(error);
  } catch (thrown) {
    return thrown;
  }
  throw new Error('notFoundOn returned');
};

it.each(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST'] as const)('renders the 404 page for %s', (code) => {
  expect(isHTTPAccessFallbackError(thrownBy(new TRPCError({ code })))).toBe(true);
});

it('lets every other failure through as it was, so it is logged and shown as an error', () => {
  const failures = [new TRPCError({ code: 'INTERNAL_SERVER_ERROR' }), new TRPCError({ code: 'TOO_MANY_REQUESTS' }), new Error('connection refused')];
  for (const failure of failures) expect(thrownBy(failure)).toBe(failure);
});
