import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { bannerEmbeds } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { listBannerHistory, reachPages } from './history';
import { embedHtml, ensureEmbed, isLive, latestBanner, toBanner } from './internal';
import { describePage, topPages } from './page-url';
import type { TBannerState } from './schemas';

/** Newest banners and pages the dashboard and get_banner show; the REST history pages through more. */
const HISTORY_SHOWN = 20;
const REACH_PAGES_IN_STATE = 20;

/** The project's banner as its owners see it: newest publish, status, embed code and where it is seen. */
export async function getBannerState({ ctx, now = new Date() }: { ctx: ProjectScope<Database>; now?: Date }): Promise<TBannerState> {
  const embed = await ensureEmbed(ctx.db, ctx.projectId);
  const row = await latestBanner(ctx.db, ctx.projectId);
  const origins = new Set(embed.siteOrigins);
  const pages = await topPages(ctx.db, ctx.projectId);
  const { items: history } = await listBannerHistory({ ctx, input: { limit: HISTORY_SHOWN }, now });
  return {
    slug: embed.slug,
    status: !row ? 'none' : isLive(row, now.getTime()) ? 'live' : 'taken_down',
    banner: row ? toBanner(embed.slug, row) : null,
    pages: pages.map((page) => ({ url: page.url, views: page.views, last_seen_at: page.lastSeenAt.toISOString(), ...describePage(page.url, origins) })),
    site_origins: embed.siteOrigins,
    embed_html: embedHtml(embed.slug),
    history,
    reach_pages: row ? await reachPages(ctx.db, ctx.projectId, row.id, embed.siteOrigins, REACH_PAGES_IN_STATE) : [],
  };
}

/** The origins the project names as its sites: pages there are linked in the dashboard. */
export async function setSiteOrigins({ ctx, input }: { ctx: ProjectScope<Database>; input: { site_origins: string[] } }): Promise<TBannerState> {
  await ensureEmbed(ctx.db, ctx.projectId);
  await ctx.db.update(bannerEmbeds).set({ siteOrigins: [...new Set(input.site_origins)] }).where(eq(bannerEmbeds.projectId, ctx.projectId));
  return getBannerState({ ctx });
}
