import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { bannerEmbeds, projects } from '@/db/schema';
import { latestBanner, toBanner, type EmbedRow } from './internal';
import type { TBanner } from './schemas';

/** One answer of `GET /banner`, shared by every request while its source is cached. */
export interface BannerAnswer {
  status: 200 | 404;
  banner: TBanner | null;
  /** the exact response body; answers are shared between requests: never modify one */
  body: string;
  etag: string | null;
  /** who may keep it: any cache (no token), or only the caller's own (the token's project) */
  scope: 'public' | 'private';
  /** how long it stays fresh, and may then be served stale while revalidating; both end at a take-down */
  freshSeconds: number;
  staleSeconds: number;
}

/** Whose banner a `/banner` request asks for: the token's project, an embed key, or the operator's. */
export type BannerTarget = { kind: 'project'; projectId: string } | { kind: 'key'; slug: string } | { kind: 'operator' };

/** What `/banner` serves for one target, read once and kept briefly: the body and its ETag are computed here. */
export interface BannerSource {
  projectId: string | null;
  /** the id of `banner`, for the widget's impressions and clicks */
  bannerId: string | null;
  /** the newest banner of the project, live or not; the answer checks `expiresAtMs` on every request */
  banner: TBanner | null;
  json: string | null;
  etag: string | null;
  expiresAtMs: number | null;
  /** the latest answer per scope, reused while its status and lifetimes hold (answer.ts) */
  answers?: Partial<Record<'public' | 'private', BannerAnswer>>;
}

export function targetKey(target: BannerTarget): string {
  if (target.kind === 'project') return `project:${target.projectId}`;
  if (target.kind === 'key') return `key:${target.slug}`;
  return 'operator';
}

export async function loadBannerSource(db: DbOrTx, target: BannerTarget): Promise<BannerSource> {
  const projectId = target.kind === 'project' ? target.projectId : target.kind === 'operator' ? await operatorProjectId(db) : null;
  const [embed] = projectId
    ? await db.select().from(bannerEmbeds).where(eq(bannerEmbeds.projectId, projectId)).limit(1)
    : target.kind === 'key'
      ? await db.select().from(bannerEmbeds).where(eq(bannerEmbeds.slug, target.slug)).limit(1)
      : [];
  return sourceOf(db, projectId ?? embed?.projectId ?? null, embed);
}

async function sourceOf(db: DbOrTx, projectId: string | null, embed: EmbedRow | undefined): Promise<BannerSource> {
  const row = embed ? await latestBanner(db, embed.projectId) : null;
  const banner = embed && row ? toBanner(embed.slug, row) : null;
  const json = banner ? JSON.stringify(banner) : null;
  return {
    projectId,
    bannerId: banner ? row!.id : null,
    banner,
    json,
    etag: json ? `"${createHash('sha1').update(json).digest('base64url')}"` : null,
    expiresAtMs: row?.expiresAt?.getTime() ?? null,
  };
}

/** decisions.md: the project named by OPERATOR_PROJECT (a slug), else the first project created. */
export async function operatorProjectId(db: DbOrTx): Promise<string | null> {
  const slug = process.env.OPERATOR_PROJECT?.trim();
  const query = db.select({ id: projects.id }).from(projects);
  // an OPERATOR_PROJECT that names no project serves nothing rather than some other project's banner
  const [row] = slug
    ? await query.where(eq(projects.slug, slug)).limit(1)
    : await query.orderBy(asc(projects.createdAt), asc(projects.id)).limit(1);
  return row?.id ?? null;
}
