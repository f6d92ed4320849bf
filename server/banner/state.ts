import type { ProjectScope } from '../auth/actor';
import { embedHtml, ensureEmbed, isLive, latestBanner, toBanner } from './internal';
import type { TBannerState } from './schemas';

/** The project's banner as its owners see it: newest publish, status, embed code and where it is shown. */
export async function getBannerState({ ctx, now = new Date() }: { ctx: ProjectScope; now?: Date }): Promise<TBannerState> {
  const embed = await ensureEmbed(ctx.db, ctx.projectId);
  const row = await latestBanner(ctx.db, ctx.projectId);
  return {
    slug: embed.slug,
    status: !row ? 'none' : isLive(row, now.getTime()) ? 'live' : 'taken_down',
    banner: row ? toBanner(embed.slug, row) : null,
    page_url: embed.pageUrl,
    page_url_seen_at: embed.pageUrlSeenAt?.toISOString() ?? null,
    embed_html: embedHtml(embed.slug),
  };
}
