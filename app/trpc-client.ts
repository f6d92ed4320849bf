'use client';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@/server/root';
import { PROJECT_HEADER } from '@/server/surfaces/web/project-header';

/** The dashboard's client for account-level calls; server components use the server caller. */
export const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/api/trpc' })] });

const projectClients = new Map<string, typeof trpc>();

/** The client acting on one project: every call names it, and the server checks membership. */
export function projectTrpc(projectId: string): typeof trpc {
  let client = projectClients.get(projectId);
  if (!client) {
    client = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/api/trpc', headers: { [PROJECT_HEADER]: projectId } })] });
    projectClients.set(projectId, client);
  }
  return client;
}

/**
 * The message of a failed call, fit to show beside the form that sent it: a field's validation message
 * (`link_url: Must be…`) names the field as the form labels it, when `labels` knows it.
 */
export function errorMessage(error: unknown, labels: Record<string, string> = {}): string {
  if (!(error && typeof error === 'object' && 'message' in error)) return 'Something went wrong';
  return String(error.message)
    .split('; ')
    .map((issue) => {
      const [, field, message] = /^(\w+)[\w.]*: (.*)$/s.exec(issue) ?? [];
      const label = field && Object.hasOwn(labels, field) ? labels[field] : undefined;
      return label ? `${label}: ${message}` : issue;
    })
    .join('; ');
}
