import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { bounceWebhookEvents, bounceWebhooks, BOUNCE_PROVIDERS, projects, type BounceProvider } from '@/db/schema';
import { clock } from '../../clock';
import { AppError } from '../../errors';
import { normalizeEmail } from '../../recipients/email';
import { recordSuppression } from '../internal';
import { LIMITS, type TBounceDelivery, type TBounceDeliveryResult } from '../schemas';
import { PROVIDERS } from './providers';
import { isSlug } from '../../projects/slug';

/**
 * One provider delivery for the project of the URL: verified with the project's secret for that
 * provider (signature and timestamp), refused as a duplicate when its event id was accepted before,
 * then recorded in one transaction so a delivery that failed can be redelivered.
 */
export async function receiveBounceDelivery({ ctx, input }: { ctx: { db: Database }; input: TBounceDelivery }): Promise<TBounceDeliveryResult> {
  const provider = (BOUNCE_PROVIDERS as readonly string[]).includes(input.provider) ? (input.provider as BounceProvider) : null;
  if (!provider) throw new AppError('NOT_FOUND', 'Unknown email provider');
  const target = await findTarget(ctx.db, provider, input.project);
  if (!target) throw new AppError('NOT_FOUND', `No ${provider} webhook is set up for this project`);
  const event = PROVIDERS[provider].read(target.secret, input.body, input.headers, clock().now());

  return ctx.db.transaction(async (tx) => {
    const accepted = await tx
      .insert(bounceWebhookEvents)
      .values({ projectId: target.projectId, provider, eventId: event.eventId.slice(0, 200) })
      .onConflictDoNothing()
      .returning({ id: bounceWebhookEvents.id });
    if (accepted.length === 0) return { status: 'duplicate' as const, reason: 'This delivery was already received' };
    // older events are refused by their timestamp anyway, so their ids need not be kept
    await tx
      .delete(bounceWebhookEvents)
      .where(and(eq(bounceWebhookEvents.projectId, target.projectId), lt(bounceWebhookEvents.receivedAt, sql`now() - interval '1 day'`)));

    if (!event.reason) return { status: 'ignored' as const, reason: event.detail };
    const addresses = [...new Set(event.recipients.slice(0, LIMITS.recipientsPerEvent).map(normalizeEmail).filter((e): e is string => e !== null))];
    if (addresses.length === 0) throw new AppError('BAD_REQUEST', 'The event names no valid recipient address');
    for (const email of addresses) {
      await recordSuppression(tx, { projectId: target.projectId, email, reason: event.reason, source: provider, detail: event.detail });
    }
    return { status: 'suppressed' as const, suppressed: addresses.length };
  });
}

async function findTarget(db: Database, provider: BounceProvider, projectSlug: string) {
  if (!isSlug(projectSlug)) return null; // a path no project can have (a NUL would fail the query)
  const [row] = await db
    .select({ projectId: projects.id, secret: bounceWebhooks.secret })
    .from(projects)
    .innerJoin(bounceWebhooks, and(eq(bounceWebhooks.projectId, projects.id), eq(bounceWebhooks.provider, provider)))
    .where(eq(projects.slug, projectSlug))
    .limit(1);
  return row ?? null;
}
