import { and, eq } from 'drizzle-orm';
import { bounceWebhooks, BOUNCE_PROVIDERS, projects, type BounceProvider } from '@/db/schema';
import type { ProjectScope } from '../../auth/actor';
import { config } from '../../config';
import { AppError } from '../../errors';
import type { TBounceWebhookSettings } from '../schemas';
import { PROVIDERS } from './providers';

/** Each provider's webhook URL and whether a signing secret is set; the secret itself is never read back. */
export async function getBounceWebhooks({ ctx }: { ctx: ProjectScope }): Promise<TBounceWebhookSettings> {
  const [project] = await ctx.db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, ctx.projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  const rows = await ctx.db.select().from(bounceWebhooks).where(eq(bounceWebhooks.projectId, ctx.projectId));
  return {
    providers: BOUNCE_PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      return {
        provider,
        payload_url: `${config.appUrl}/api/webhooks/email/${provider}/${project.slug}`,
        configured: Boolean(row),
        secret_set_at: row?.updatedAt.toISOString() ?? null,
      };
    }),
  };
}

/**
 * Stores the signing secret the provider made (Resend's `whsec_…`, Mailgun's HTTP webhook signing key).
 * Kept as is: checking an HMAC needs the secret itself. Replaces the previous one at once.
 */
export async function setBounceSecret({ ctx, input }: { ctx: ProjectScope; input: { provider: BounceProvider; secret: string } }) {
  const problem = PROVIDERS[input.provider].checkSecret(input.secret);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  await ctx.db
    .insert(bounceWebhooks)
    .values({ projectId: ctx.projectId, provider: input.provider, secret: input.secret })
    .onConflictDoUpdate({ target: [bounceWebhooks.projectId, bounceWebhooks.provider], set: { secret: input.secret, updatedAt: new Date() } });
  return getBounceWebhooks({ ctx });
}

/** Turns a provider's webhook off: its deliveries answer 404 until a secret is set again. */
export async function removeBounceSecret({ ctx, input }: { ctx: ProjectScope; input: { provider: BounceProvider } }) {
  await ctx.db.delete(bounceWebhooks).where(and(eq(bounceWebhooks.projectId, ctx.projectId), eq(bounceWebhooks.provider, input.provider)));
  return getBounceWebhooks({ ctx });
}
