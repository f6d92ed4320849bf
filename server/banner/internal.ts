import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { bannerEmbeds, banners, projects } from '@/db/schema';
import { config } from '../config';
import { AppError } from '../errors';
import type { TBanner } from './schemas';

export type BannerRow = typeof banners.$inferSelect;
export type EmbedRow = typeof bannerEmbeds.$inferSelect;


export const NO_LIVE_BANNER = 'No banner is live';

/** The project's embed row, created with a fresh stable slug on first use; `lock` serializes publishes. */
export async function ensureEmbed(db: DbOrTx, projectId: string, options: { lock?: boolean } = {}): Promise<EmbedRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findEmbed(db, projectId, options.lock);
    if (existing) return existing;
    const [project] = await db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    const slug = `${project.slug.slice(0, 60).replace(/-+$/, '')}-${randomBytes(4).toString('hex')}`;
    // a concurrent first use or a slug collision inserts nothing; the next round reads the winner
    await db.insert(bannerEmbeds).values({ projectId, slug }).onConflictDoNothing();
  }
  throw new Error('could not create the banner embed');
}

export async function findEmbed(db: DbOrTx, projectId: string, lock = false): Promise<EmbedRow | null> {
  const query = db.select().from(bannerEmbeds).where(eq(bannerEmbeds.projectId, projectId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The newest published banner of the project, live or not. */
export async function latestBanner(db: DbOrTx, projectId: string): Promise<BannerRow | null> {
  const [row] = await db
    .select()
    .from(banners)
    .where(eq(banners.projectId, projectId))
    .orderBy(desc(banners.publishedAt))
    .limit(1);
  return row ?? null;
}

/** Live until the take-down time, exactly: at `expires_at` it is no longer served. */
export function isLive(row: Pick<BannerRow, 'expiresAt'>, now: number): boolean {
  return row.expiresAt === null || now < row.expiresAt.getTime();
}

/** The Banner object of api-v1.md section 2, fields in the document's order. */
export function toBanner(slug: string, row: BannerRow): TBanner {
  return {
    slug,
    headline: row.headline,
    body: row.body,
    cta_label: row.ctaLabel,
    badge: row.badge,
    link_url: row.linkUrl,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    published_at: row.publishedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    commit_count: row.commitCount,
  };
}

export function embedHtml(slug: string): string {
  return `<script src="${config.appUrl}/widget.js" data-service-key="${slug}" async></script>`;
}
