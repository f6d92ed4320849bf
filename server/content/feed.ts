import type { Database } from '@/db/client';
import { config } from '../config';
import { AppError } from '../errors';
import { cached } from './cache';
import type { AnyContentKind, PublicItem } from './kind';
import { findProjectBySlug, toPublicProject, type PublicScope } from './internal';
import { findPublishedOrThrow } from './public-get';
import { findPublishedList } from './public-list';
import { buildRss } from './rss';
import type { TFeed, TPublicListInput } from './schemas';
import { publicUrls } from './urls';

/** GET /changelog/{public_slug}/feed, /blog/{public_slug}/feed: the RSS of one published item. */
export function itemFeed(kind: AnyContentKind<PublicItem>, { ctx, input }: { ctx: PublicScope; input: { public_slug: string } }): Promise<TFeed> {
  return cached(`${kind.kind}-feed:${input.public_slug}`, async () => {
    const feed = feedOf(kind);
    const found = await findPublishedOrThrow(kind, ctx.db, input.public_slug);
    const { slug, published_at } = found.item;
    const channel = { ...feed.channel(found), siteUrl: publicUrls.page(kind.path, slug), feedUrl: publicUrls.feed(kind.path, slug), updatedAt: published_at };
    return { xml: await buildRss(channel, feed.items(found)) };
  });
}

/** GET /blogs/feed: every published item of a kind, newest first, or one project's with `?project=`. */
export function listFeed(kind: AnyContentKind<PublicItem>, { ctx, input }: { ctx: PublicScope; input: TPublicListInput }): Promise<TFeed> {
  return cached(`${kind.kind}s-feed:${input.project ?? ''}:${input.limit}`, async () => {
    const feed = feedOf(kind);
    if (!feed.list) throw new Error(`${kind.kind} has no feed of all items`);
    const found = await findPublishedList(kind, ctx.db, input);
    // no post yet: the channel still says whose it is; no such project: a 404, not a feed empty forever
    const project = input.project ? (found[0]?.project ?? (await findPublicProject(ctx.db, input.project))) : undefined;
    const channel = {
      ...feed.list({ name: project?.name, slug: input.project }),
      siteUrl: project ? project.url : input.project ? publicUrls.project(input.project) : config.appUrl,
      feedUrl: publicUrls.listFeed(kind.path, input.project),
      updatedAt: found[0]?.item.published_at ?? null,
    };
    return { xml: await buildRss(channel, found.flatMap((one) => feed.items(one))) };
  });
}

async function findPublicProject(db: Database, slug: string) {
  const project = await findProjectBySlug(db, slug);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return toPublicProject(project);
}

function feedOf(kind: AnyContentKind<PublicItem>) {
  if (!kind.feed) throw new Error(`${kind.kind} has no feed`);
  return kind.feed;
}
