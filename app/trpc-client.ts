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
 * (`link_url: Must be…`) names the field as the form labels it, when `labels` knows it, and an item of a
 * list by its place counted from 1 (`articles.3.title` is "Article 4"); a message that already names its
 * field (`title: Title is required`) is shown without the path.
 */
export function errorMessage(error: unknown, labels: Record<string, string> = {}): string {
  if (!(error && typeof error === 'object' && 'message' in error)) return 'Something went wrong';
  const known = { ...LIST_ITEM_LABELS, ...labels };
  return String(error.message)
    .split('; ')
    .map((issue) => {
      const [, field, index, message] = /^(\w+)(?:\.(\d+))?[\w.]*: (.*)$/s.exec(issue) ?? [];
      if (!field || !message) return issue;
      const label = Object.hasOwn(known, field) ? known[field] : undefined;
      if (label && index !== undefined) return `${label} ${Number(index) + 1}: ${message}`;
      // "Body is required" names its field already: not "Body: Body is required"
      if (label) return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
      return message.toLowerCase().startsWith(field.replace(/_/g, ' ').toLowerCase()) ? message : issue;
    })
    .join('; ');
}

/** Lists of items the dashboard's forms send, named as their items are. */
const LIST_ITEM_LABELS: Record<string, string> = { articles: 'Article', site_origins: 'Site' };
