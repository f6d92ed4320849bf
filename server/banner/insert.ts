import { banners } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { invalidateBannerCache } from './cache';
import { ensureEmbed, latestBanner, toBanner, type BannerRow } from './internal';
import type { PublishedBy } from './publisher';
import type { TBanner } from './schemas';

export type BannerContent = Pick<BannerRow, 'headline' | 'body' | 'ctaLabel' | 'badge' | 'linkUrl' | 'periodStart' | 'periodEnd' | 'commitCount'>;

/**
 * Inserts the new live banner. `published_at` is strictly later than the previous one, so it changes on
 * every publish even within one millisecond.
 */
export async function insertBanner(ctx: ProjectScope, content: BannerContent, by: PublishedBy & { republishedFromId: string | null }, now: Date): Promise<TBanner> {
  const banner = await ctx.db.transaction(async (tx) => {
    const embed = await ensureEmbed(tx, ctx.projectId, { lock: true });
    const previous = await latestBanner(tx, ctx.projectId);
    const floor = previous ? previous.publishedAt.getTime() + 1 : 0;
    const [row] = await tx
      .insert(banners)
      .values({ projectId: ctx.projectId, ...content, ...by, publishedAt: new Date(Math.max(now.getTime(), floor)) })
      .returning();
    return toBanner(embed.slug, row!);
  });
  invalidateBannerCache();
  return banner;
}
