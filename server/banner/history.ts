import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { apiTokens, bannerReach, banners, oauthClients, users } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { ensureEmbed, isLive, toBanner } from './internal';
import { toPublisher } from './publisher';
import { describePage } from './page-url';
import type { TBannerHistoryEntry, TBannerReach, TBannerReachPage } from './schemas';

/** Pages listed per banner, most impressions first. */
export const REACH_PAGES_SHOWN = 100;
export const BANNER_NOT_FOUND = 'Banner not found';

/** The project's published banners, newest first, with who published them and their totals. */
export async function listBannerHistory({ ctx, input, now = new Date() }: { ctx: ProjectScope; input: { limit: number }; now?: Date }): Promise<{ items: TBannerHistoryEntry[] }> {
  return { items: await historyEntries(ctx, { limit: input.limit }, now) };
}

/** One banner of the history with its reach per page; 404 for an id not of this project. */
export async function getBannerReach({ ctx, input, now = new Date() }: { ctx: ProjectScope; input: { banner_id: string }; now?: Date }): Promise<TBannerReach> {
  const [entry] = await historyEntries(ctx, { id: input.banner_id }, now);
  if (!entry) throw new AppError('NOT_FOUND', BANNER_NOT_FOUND);
  const origins = (await ensureEmbed(ctx.db, ctx.projectId)).siteOrigins;
  return { ...entry, pages: await reachPages(ctx.db, ctx.projectId, entry.id, origins) };
}

async function historyEntries(ctx: ProjectScope, which: { limit: number } | { id: string }, now: Date): Promise<TBannerHistoryEntry[]> {
  const embed = await ensureEmbed(ctx.db, ctx.projectId);
  const scope = 'id' in which ? and(eq(banners.projectId, ctx.projectId), eq(banners.id, which.id)) : eq(banners.projectId, ctx.projectId);
  const rows = await ctx.db
    .select({
      row: banners,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
      tokenName: apiTokens.name,
      clientName: oauthClients.name,
    })
    .from(banners)
    .leftJoin(users, eq(users.id, banners.publishedByUserId))
    .leftJoin(apiTokens, eq(apiTokens.id, banners.publishedByTokenId))
    .leftJoin(oauthClients, eq(oauthClients.id, banners.publishedByClientId))
    .where(scope)
    .orderBy(desc(banners.publishedAt))
    .limit('id' in which ? 1 : which.limit);
  const totals = await reachTotals(ctx.db, ctx.projectId, rows.map((r) => r.row.id));
  const newestId = 'id' in which ? await newestBannerId(ctx) : rows[0]?.row.id;
  return rows.map(({ row, ...names }) => ({
    id: row.id,
    banner: toBanner(embed.slug, row),
    live: row.id === newestId && isLive(row, now.getTime()),
    published_by: toPublisher(row, names),
    republished_from_id: row.republishedFromId,
    impressions: totals.get(row.id)?.impressions ?? 0,
    clicks: totals.get(row.id)?.clicks ?? 0,
  }));
}

async function newestBannerId(ctx: ProjectScope): Promise<string | undefined> {
  const [row] = await ctx.db.select({ id: banners.id }).from(banners).where(eq(banners.projectId, ctx.projectId)).orderBy(desc(banners.publishedAt)).limit(1);
  return row?.id;
}

async function reachTotals(db: DbOrTx, projectId: string, bannerIds: string[]) {
  if (bannerIds.length === 0) return new Map<string, { impressions: number; clicks: number }>();
  const rows = await db
    .select({
      bannerId: bannerReach.bannerId,
      impressions: sql<string>`sum(${bannerReach.impressions})`,
      clicks: sql<string>`sum(${bannerReach.clicks})`,
    })
    .from(bannerReach)
    .where(and(eq(bannerReach.projectId, projectId), inArray(bannerReach.bannerId, bannerIds)))
    .groupBy(bannerReach.bannerId);
  return new Map(rows.map((r) => [r.bannerId, { impressions: Number(r.impressions), clicks: Number(r.clicks) }]));
}

/** A banner's pages, most impressions first. Only pages on the project's own sites are marked `trusted`. */
export async function reachPages(db: DbOrTx, projectId: string, bannerId: string, siteOrigins: string[], limit = REACH_PAGES_SHOWN): Promise<TBannerReachPage[]> {
  const rows = await db
    .select({ url: bannerReach.pageUrl, impressions: bannerReach.impressions, clicks: bannerReach.clicks, lastSeenAt: bannerReach.lastSeenAt })
    .from(bannerReach)
    .where(and(eq(bannerReach.projectId, projectId), eq(bannerReach.bannerId, bannerId)))
    .orderBy(desc(bannerReach.impressions), desc(bannerReach.clicks), desc(bannerReach.lastSeenAt))
    .limit(limit);
  const origins = new Set(siteOrigins);
  return rows.map((page) => ({
    url: page.url,
    ...describePage(page.url, origins),
    impressions: page.impressions,
    clicks: page.clicks,
    last_seen_at: page.lastSeenAt.toISOString(),
  }));
}
