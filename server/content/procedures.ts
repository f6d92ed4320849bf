import { z } from 'zod';
import { projectProcedure, publicProcedure, router } from '../trpc';
import { itemFeed, listFeed } from './feed';
import { getItem } from './get';
import { nounsOf, type AnyContentKind, type PublicItem } from './kind';
import { listItems } from './list';
import { itemMarkdown } from './markdown-twin';
import { itemPage } from './page';
import { getPublished } from './public-get';
import { listPublished } from './public-list';
import { saveItem } from './save';
import { ZFeed, ZIdInput, ZMarkdownDocument, ZPublicFeedInput, ZPublicListInput, ZSlugInput, ZStatusFilter } from './schemas';

const tags = ['Public content'];
/** Public content: a minute fresh, five more minutes served stale while a CDN revalidates. */
export const PUBLIC_CONTENT_CACHE = { maxAge: 60, staleWhileRevalidate: 300 };

/** `GET /<path>/{public_slug}`: one published item of a kind, by its public slug. */
export function publishedItemProcedure<P>(kind: AnyContentKind<P>) {
  return publicProcedure
    .meta({
      openapi: { method: 'GET', path: `/${kind.path}/{public_slug}`, tags, summary: `One published ${nounsOf(kind).one}`, protect: false },
      errors: [404],
      httpCache: PUBLIC_CONTENT_CACHE,
      anyOrigin: true,
    })
    .input(ZSlugInput)
    .output(kind.schemas.public)
    .query(({ ctx, input }) => getPublished(kind, { ctx, input }));
}

/** `GET /<path>s`: published items of a kind, newest first. */
export function publishedListProcedure<P>(kind: AnyContentKind<P>) {
  return publicProcedure
    .meta({ openapi: { method: 'GET', path: `/${kind.path}s`, tags, summary: `Published ${nounsOf(kind).many}, newest first`, protect: false }, httpCache: PUBLIC_CONTENT_CACHE, anyOrigin: true })
    .input(ZPublicListInput)
    .output(z.array(kind.schemas.public))
    .query(({ ctx, input }) => listPublished(kind, { ctx, input }));
}

/** RSS of `GET /<path>/{public_slug}/feed` (served by surfaces/rest/raw-routes.ts). */
export function itemFeedProcedure(kind: AnyContentKind<PublicItem>) {
  return publicProcedure.input(ZSlugInput).output(ZFeed).query(({ ctx, input }) => itemFeed(kind, { ctx, input }));
}

/** RSS of `GET /<path>s/feed`: every published item, or one project's. */
export function listFeedProcedure(kind: AnyContentKind<PublicItem>) {
  return publicProcedure.input(ZPublicFeedInput).output(ZFeed).query(({ ctx, input }) => listFeed(kind, { ctx, input }));
}

/** The markdown twin of an item's page: `GET /<path>/{public_slug}.md` and `/<path>/<slug>.md` (surfaces/rest/raw-routes.ts). */
export function markdownProcedure(kind: AnyContentKind) {
  return publicProcedure.input(ZSlugInput).output(ZMarkdownDocument).query(({ ctx, input }) => itemMarkdown(kind, { ctx, input }));
}

/** The public web page of an item. */
export function pageProcedure<P, Page>(kind: AnyContentKind<P, unknown, unknown, Page>) {
  return publicProcedure.input(ZSlugInput).output(kind.schemas.page).query(({ ctx, input }) => itemPage(kind, { ctx, input }));
}

/**
 * Authoring, by any actor of the project (dashboard, API token, agent): what the MCP tools list_*, get_*
 * and save_* call.
 */
export function authoringRouter<M, I extends { id?: string }>(kind: AnyContentKind<unknown, M, I>) {
  return router({
    list: projectProcedure.input(ZStatusFilter).output(z.array(kind.schemas.managed)).query(({ ctx, input }) => listItems(kind, { ctx, input })),
    get: projectProcedure.input(ZIdInput).output(kind.schemas.managed).query(({ ctx, input }) => getItem(kind, { ctx, input })),
    save: projectProcedure.input(kind.schemas.save).output(kind.schemas.managed).mutation(({ ctx, input }) => saveItem(kind, { ctx, input: input as I })),
  });
}
