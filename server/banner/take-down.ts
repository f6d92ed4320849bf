import type { ProjectScope } from '../auth/actor';
import { and, eq } from 'drizzle-orm';
import { banners } from '@/db/schema';
import { AppError } from '../errors';
import { invalidateBannerCache } from './cache';
import { findEmbed, isLive, latestBanner, NO_LIVE_BANNER, toBanner } from './internal';
import type { TBanner, TTakeDownInput } from './schemas';

/**
 * Stops serving the live banner now, or at `at` when that is in the future (a later call moves the
 * time). 404 when nothing is live. Returns the banner with its `expires_at`.
 */
export async function takeDownBanner({ ctx, input, now = new Date() }: { ctx: ProjectScope; input: TTakeDownInput; now?: Date }): Promise<TBanner> {
  const requested = input.at ? new Date(input.at) : now;
  const expiresAt = requested.getTime() > now.getTime() ? requested : now;
  return setExpiry(ctx, expiresAt, now);
}

/** Cancels a scheduled take-down: the live banner is served until the next publish or take-down. */
export async function cancelTakeDown({ ctx, now = new Date() }: { ctx: ProjectScope; now?: Date }): Promise<TBanner> {
  return setExpiry(ctx, null, now);
}

async function setExpiry(ctx: ProjectScope, expiresAt: Date | null, now: Date): Promise<TBanner> {
  const banner = await ctx.db.transaction(async (tx) => {
    const embed = await findEmbed(tx, ctx.projectId, true);
    const live = embed && (await latestBanner(tx, ctx.projectId));
    if (!embed || !live || !isLive(live, now.getTime())) throw new AppError('NOT_FOUND', NO_LIVE_BANNER);
    const [row] = await tx
      .update(banners)
      .set({ expiresAt })
      .where(and(eq(banners.id, live.id), eq(banners.projectId, ctx.projectId)))
      .returning();
    return toBanner(embed.slug, row!);
  });
  invalidateBannerCache();
  return banner;
}
