import type { ProjectScope } from '../auth/actor';
import { insertBanner, type BannerContent } from './insert';
import { UNKNOWN_PUBLISHER, type PublishedBy } from './publisher';
import { republishBanner } from './republish';
import { DEFAULT_BADGE, type TBanner, type TPublishBannerInput } from './schemas';

/** The bar is one line: runs of whitespace (newlines included) become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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
