import type { ProjectScope } from '../auth/actor';
import { banners } from '@/db/schema';
import { invalidateBannerCache } from './cache';
import { ensureEmbed, latestBanner, toBanner, type BannerRow } from './internal';
import { UNKNOWN_PUBLISHER, type PublishedBy } from './publisher';
import { republishBanner } from './republish';
import { DEFAULT_BADGE, type TBanner, type TPublishBannerInput } from './schemas';

/** The bar is one line: runs of whitespace (newlines included) become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export type BannerContent = Pick<BannerRow, 'headline' | 'body' | 'ctaLabel' | 'badge' | 'linkUrl' | 'periodStart' | 'periodEnd' | 'commitCount'>;

interface PublishArgs<I> {
  ctx: ProjectScope;
  input: I;
  by?: PublishedBy;
  now?: Date;
}

/**
 * Publishes a new banner, or with `republish_id` an earlier one again; either replaces the live one and
 * the slug stays.
 */
export async function publishBanner({ ctx, input, by = UNKNOWN_PUBLISHER, now = new Date() }: PublishArgs<TPublishBannerInput>): Promise<TBanner> {
  if (input.republish_id) return republishBanner({ ctx, input: { banner_id: input.republish_id }, by, now });
  const content: BannerContent = {
    headline: oneLine(input.headline ?? ''),
    body: oneLine(input.body ?? ''),
    ctaLabel: oneLine(input.cta_label ?? ''),
    badge: input.badge === undefined ? DEFAULT_BADGE : oneLine(input.badge),
    linkUrl: input.link_url ?? null,
    periodStart: input.period_start ?? null,
    periodEnd: input.period_end ?? null,
    commitCount: input.commit_count ?? null,
  };
  return insertBanner(ctx, content, { ...by, republishedFromId: null }, now);
}

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
