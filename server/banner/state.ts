import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { bannerEmbeds } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { embedHtml, ensureEmbed, isLive, latestBanner, toBanner } from './internal';
import { OTHER_PAGES, topPages } from './page-url';
import type { TBannerState } from './schemas';

/** The project's banner as its owners see it: newest publish, status, embed code and where it is seen. */
export async function getBannerState({ ctx, now = new Date() }: { ctx: ProjectScope<Database>; now?: Date }): Promise<TBannerState> {
  const embed = await ensureEmbed(ctx.db, ctx.projectId);
  const row = await latestBanner(ctx.db, ctx.projectId);
  const origins = new Set(embed.siteOrigins);
  const pages = await topPages(ctx.db, ctx.projectId);
  return {
    slug: embed.slug,
    status: !row ? 'none' : isLive(row, now.getTime()) ? 'live' : 'taken_down',
    banner: row ? toBanner(embed.slug, row) : null,
    pages: pages.map((page) => {
      const origin = page.url === OTHER_PAGES ? null : new URL(page.url).origin;
      return { url: page.url, host: origin ? new URL(origin).host : page.url, views: page.views, last_seen_at: page.lastSeenAt.toISOString(), trusted: origin !== null && origins.has(origin) };
    }),
    site_origins: embed.siteOrigins,
    embed_html: embedHtml(embed.slug),
  };
}

/** The origins the project names as its sites: pages there are linked in the dashboard. */
export async function setSiteOrigins({ ctx, input }: { ctx: ProjectScope<Database>; input: { site_origins: string[] } }): Promise<TBannerState> {
  await ensureEmbed(ctx.db, ctx.projectId);
  await ctx.db.update(bannerEmbeds).set({ siteOrigins: [...new Set(input.site_origins)] }).where(eq(bannerEmbeds.projectId, ctx.projectId));
  return getBannerState({ ctx });
}
