import type { ProjectScope } from '../auth/actor';
import { eq } from 'drizzle-orm';
import { projects } from '@/db/schema';
import { generateSecret } from '../auth/tokens';
import { config } from '../config';
import { AppError } from '../errors';
import { findSettings, upsertSettings } from './internal';
import type { TCommitSettings } from './schemas';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export async function getCommitSettings({ ctx }: { ctx: ProjectScope }): Promise<TCommitSettings> {
  const [settings, payloadUrl] = await Promise.all([findSettings(ctx.db, ctx.projectId), webhookUrlOf(ctx)]);
  return {
    repository_url: settings?.repositoryUrl ?? null,
    webhook: {
      payload_url: payloadUrl,
      configured: Boolean(settings?.webhookSecret),
      secret_created_at: settings?.webhookSecretCreatedAt?.toISOString() ?? null,
    },
  };
}

export async function setRepositoryUrl({ ctx, input }: { ctx: ProjectScope; input: { repository_url: string | null } }) {
  await upsertSettings(ctx.db, ctx.projectId, { repositoryUrl: input.repository_url?.replace(/\/+$/, '') ?? null });
  return getCommitSettings({ ctx });
}

/**
 * A new webhook secret, returned this once to paste into GitHub; the previous one stops working.
 * Kept as is: verifying GitHub's HMAC needs the secret itself, not a hash of it.
 */
export async function rotateWebhookSecret({ ctx }: { ctx: ProjectScope }) {
  const secret = generateSecret(WEBHOOK_SECRET_PREFIX);
  const row = await upsertSettings(ctx.db, ctx.projectId, { webhookSecret: secret, webhookSecretCreatedAt: new Date() });
  return { secret, payload_url: await webhookUrlOf(ctx), secret_created_at: row.webhookSecretCreatedAt!.toISOString() };
}

/** Switches the webhook off: deliveries answer 404 until a new secret is made. */
export async function removeWebhookSecret({ ctx }: { ctx: ProjectScope }) {
  await upsertSettings(ctx.db, ctx.projectId, { webhookSecret: null, webhookSecretCreatedAt: null });
  return getCommitSettings({ ctx });
}

async function webhookUrlOf(ctx: ProjectScope): Promise<string> {
  const [project] = await ctx.db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, ctx.projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return `${config.appUrl}/api/webhooks/github/${project.slug}`;
}
