import type { Database } from '@/db/client';
import { unsubscribeRecipient } from '../recipients/unsubscribe';
import { findUnsubscribeTarget } from './describe';
import type { TUnsubscribeState } from './schemas';

/** GET: what the link would do. */
export async function describeUnsubscribe({ ctx, input }: { ctx: { db: Database }; input: { token: string } }): Promise<TUnsubscribeState> {
  const target = await findUnsubscribeTarget(ctx.db, input.token);
  return { email: target.email, list_name: target.listName, project_name: target.projectName, status: target.status };
}

/** POST (the page's button or an RFC 8058 one-click request): unsubscribes; repeating it is harmless. */
export async function confirmUnsubscribe({ ctx, input }: { ctx: { db: Database }; input: { token: string } }): Promise<TUnsubscribeState> {
  const target = await findUnsubscribeTarget(ctx.db, input.token);
  await unsubscribeRecipient(ctx.db, target);
  return { email: target.email, list_name: target.listName, project_name: target.projectName, status: 'unsubscribed' };
}
