import type { ProjectScope } from '../auth/actor';
import { banners } from '@/db/schema';
import { invalidateBannerCache } from './cache';
import { ensureEmbed, latestBanner, toBanner } from './internal';
import { DEFAULT_BADGE, type TBanner, type TPublishBannerInput } from './schemas';

/** The bar is one line: runs of whitespace (newlines included) become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Publishes a new banner, which replaces the live one; the slug stays. `published_at` is strictly later
 * than the previous one, so it changes on every publish even within one millisecond.
 */
export async function publishBanner({ ctx, input, now = new Date() }: { ctx: ProjectScope; input: TPublishBannerInput; now?: Date }): Promise<TBanner> {
  const banner = await ctx.db.transaction(async (tx) => {
    const embed = await ensureEmbed(tx, ctx.projectId, { lock: true });
    const previous = await latestBanner(tx, ctx.projectId);
    const floor = previous ? previous.publishedAt.getTime() + 1 : 0;
    const [row] = await tx
      .insert(banners)
      .values({
        projectId: ctx.projectId,
        headline: oneLine(input.headline),
        body: oneLine(input.body),
        ctaLabel: oneLine(input.cta_label),
        badge: input.badge === undefined ? DEFAULT_BADGE : oneLine(input.badge),
        linkUrl: input.link_url ?? null,
        periodStart: input.period_start ?? null,
        periodEnd: input.period_end ?? null,
        commitCount: input.commit_count ?? null,
        publishedAt: new Date(Math.max(now.getTime(), floor)),
      })
      .returning();
    return toBanner(embed.slug, row!);
  });
  invalidateBannerCache();
  return banner;
}
