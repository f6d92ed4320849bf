import { and, eq } from 'drizzle-orm';
import { banners } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { BANNER_NOT_FOUND } from './history';
import { insertBanner } from './insert';
import { UNKNOWN_PUBLISHER, type PublishedBy } from './publisher';
import type { TBanner } from './schemas';

/**
 * Publishes an earlier banner of the project again: a new history entry with the same text and link,
 * a new `published_at` (so visitors who dismissed it see it again) and no take-down. 404 for an id of
 * another project.
 */
export async function republishBanner({ ctx, input, by = UNKNOWN_PUBLISHER, now = new Date() }: { ctx: ProjectScope; input: { banner_id: string }; by?: PublishedBy; now?: Date }): Promise<TBanner> {
  const [earlier] = await ctx.db
    .select()
    .from(banners)
    .where(and(eq(banners.projectId, ctx.projectId), eq(banners.id, input.banner_id)))
    .limit(1);
  if (!earlier) throw new AppError('NOT_FOUND', BANNER_NOT_FOUND);
  const { headline, body, ctaLabel, badge, linkUrl, periodStart, periodEnd, commitCount } = earlier;
  return insertBanner(ctx, { headline, body, ctaLabel, badge, linkUrl, periodStart, periodEnd, commitCount }, { ...by, republishedFromId: earlier.id }, now);
}
