import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { commitSettings, projects, webhookDeliveries } from '@/db/schema';
import { AppError } from '../../errors';
import { upsertSettings } from '../internal';
import { pushCommits } from '../push';
import { parseDeliveryBody, readPushEvent } from './payload';
import { bodyDigest, verifySignature } from './signature';
import type { TGithubDelivery, TGithubDeliveryResult } from './schemas';
import { isSlug } from '../../projects/slug';

/**
 * One GitHub webhook delivery for the project of the URL: verified with the project's secret, refused
 * when its delivery id or its body was accepted before (a replay), then recorded in one transaction so
 * a failed delivery can be redelivered.
 */
export async function receiveGithubDelivery({ ctx, input }: { ctx: { db: Database }; input: TGithubDelivery }): Promise<TGithubDeliveryResult> {
  const target = await findWebhookTarget(ctx.db, input.project);
  if (!target) throw new AppError('NOT_FOUND', 'No GitHub webhook is set up for this project');
  if (!verifySignature(target.secret, input.body, input.signature)) {
    throw new AppError('UNAUTHORIZED', 'Invalid or missing X-Hub-Signature-256');
  }
  if (!input.delivery || !input.event) throw new AppError('BAD_REQUEST', 'X-GitHub-Delivery and X-GitHub-Event are required');

  return ctx.db.transaction(async (tx) => {
    const accepted = await tx
      .insert(webhookDeliveries)
      .values({ projectId: target.projectId, deliveryId: input.delivery!, bodySha256: bodyDigest(input.body), event: input.event! })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (accepted.length === 0) throw new AppError('CONFLICT', 'This delivery was already received');

    if (input.event === 'ping') return { status: 'pong' as const };
    if (input.event !== 'push') return { status: 'ignored' as const, reason: `${input.event} events are not recorded` };
    const push = readPushEvent(parseDeliveryBody(input.body, input.content_type));
    if (!push.onDefaultBranch) return { status: 'ignored' as const, reason: 'Only pushes to the default branch are recorded' };
    if (push.repositoryUrl && !target.repositoryUrl) await upsertSettings(tx, target.projectId, { repositoryUrl: push.repositoryUrl });
    const result = await pushCommits({ ctx: { db: tx, projectId: target.projectId }, input: { commits: push.commits } });
    return { status: 'recorded' as const, ...result };
  });
}

async function findWebhookTarget(db: Database, projectSlug: string) {
  if (!isSlug(projectSlug)) return null; // a path no project can have (a NUL would fail the query)
  const [row] = await db
    .select({ projectId: projects.id, secret: commitSettings.webhookSecret, repositoryUrl: commitSettings.repositoryUrl })
    .from(projects)
    .innerJoin(commitSettings, eq(commitSettings.projectId, projects.id))
    .where(and(eq(projects.slug, projectSlug), isNotNull(commitSettings.webhookSecret)))
    .limit(1);
  return row?.secret ? { ...row, secret: row.secret } : null;
}
