import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { changelogs, projects } from '@/db/schema';
import { renderMarkdown } from '../markdown/render';
import { excerpt } from '../markdown/structure';
import { AppError } from '../errors';
import { cached } from '../content/cache';
import { toPublicProject } from '../content/internal';
import type { TPublicListInput } from '../content/schemas';
import { publicUrls } from '../content/urls';
import { toChangelog } from './mappers';
import type { TChangelog, TChangelogPage } from './schemas';

const NOT_FOUND = 'Changelog not found';

/** GET /changelogs: published changelogs of every project, or of one, newest first. */
export function listPublishedChangelogs({ ctx, input }: { ctx: { db: Database }; input: TPublicListInput }): Promise<TChangelog[]> {
  return cached(`changelogs:${input.project ?? ''}:${input.limit}`, async () => {
    const rows = await ctx.db
      .select({ changelog: changelogs })
      .from(changelogs)
      .innerJoin(projects, eq(projects.id, changelogs.projectId))
      .where(and(eq(changelogs.status, 'published'), input.project ? eq(projects.slug, input.project) : undefined))
      .orderBy(desc(changelogs.publishedAt), desc(changelogs.id))
      .limit(input.limit);
    return rows.map((r) => toChangelog(r.changelog));
  });
}

/** A published changelog with its project, or null; cached, misses included. */
export function findPublishedChangelog(db: Database, slug: string) {
  return cached(`changelog:${slug}`, async () => {
    const [row] = await db
      .select({ changelog: changelogs, project: { name: projects.name, slug: projects.slug } })
      .from(changelogs)
      .innerJoin(projects, eq(projects.id, changelogs.projectId))
      .where(and(eq(changelogs.slug, slug), eq(changelogs.status, 'published')))
      .limit(1);
    return row ? { changelog: toChangelog(row.changelog), project: toPublicProject(row.project) } : null;
  });
}

/** GET /changelog/{public_slug} */
export async function getPublishedChangelog({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }) {
  const found = await findPublishedChangelog(ctx.db, input.public_slug);
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  return found.changelog;
}

/** The public page of a changelog: the object, its project and the rendered, sanitized body. */
export function changelogPage({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<TChangelogPage> {
  return cached(`changelog-page:${input.public_slug}`, async () => {
    const found = await findPublishedChangelog(ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
    return {
      ...found,
      description: excerpt(found.changelog.content, 200) || found.changelog.title,
      html: renderMarkdown(found.changelog.content),
      feed_url: publicUrls.changelogFeed(input.public_slug),
    };
  });
}
