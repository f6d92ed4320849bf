'use client';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@/server/root';

/** The dashboard's client for mutations and live reads; server components use the server caller. */
export const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/api/trpc' })] });

/** The message of a failed call, fit to show beside the form that sent it. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return 'Something went wrong';
}
