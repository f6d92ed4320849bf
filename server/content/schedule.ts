import { and, eq } from 'drizzle-orm';
import type { ProjectScope } from '../auth/actor';
import { clock } from '../clock';
import { AppError } from '../errors';
import type { AnyContentKind } from './kind';
import { toManaged } from './objects';
import { columnsOf, notFound } from './internal';
import { checkReleaseEmailTarget } from './release-email';

/** How far ahead a publish can be scheduled. */
export const SCHEDULE_MAX_AHEAD_DAYS = 366;

/**
 * publish_content with a future `publish_at`: the draft stays a draft until the scheduler publishes it
 * (scheduler.ts), then `email_list_id`'s release email is queued. Scheduling again replaces the time
 * and the list; a published item is refused (unpublish it first).
 */
export async function scheduleItem<M>(
  kind: AnyContentKind<unknown, M>,
  { ctx, input, now = clock().now() }: { ctx: ProjectScope; input: { id: string; publish_at: string; email_list_id?: string }; now?: number },
): Promise<M> {
  const at = new Date(input.publish_at);
  if (at.getTime() <= now) {
    throw new AppError('VALIDATION', 'publish_at is in the past; leave it out to publish now', ['body', 'publish_at']);
  }
  if (at.getTime() > now + SCHEDULE_MAX_AHEAD_DAYS * 86_400_000) {
    throw new AppError('VALIDATION', `publish_at is more than ${SCHEDULE_MAX_AHEAD_DAYS} days ahead`, ['body', 'publish_at']);
  }
  if (input.email_list_id) await checkReleaseEmailTarget(ctx, kind, input.email_list_id);
  const t = columnsOf(kind);
  const scope = and(eq(t.id, input.id), eq(t.projectId, ctx.projectId));
  const [row] = await ctx.db
    .update(t)
    .set({ publishAt: at, publishEmailListId: input.email_list_id ?? null })
    .where(and(scope, eq(t.status, 'draft')))
    .returning();
  if (row) return toManaged(kind, row);
  const [exists] = await ctx.db.select({ id: t.id }).from(t).where(scope).limit(1);
  if (!exists) throw notFound(kind);
  throw new AppError('CONFLICT', `${kind.label} is already published; unpublish it before scheduling`);
}
