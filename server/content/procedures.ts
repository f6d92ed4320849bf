import { z } from 'zod';
import type { Database } from '@/db/client';
import type { ProjectScope } from '../auth/actor';
import { projectProcedure, publicProcedure, router } from '../trpc';
import { getItem, getPublished, listItems, listPublished } from './items';
import type { ContentKind } from './kinds';
import { ZIdInput, ZPublicListInput, ZSlugInput, ZStatusFilter, type TContentKind } from './schemas';

const tags = ['Public content'];
/** Public content: a minute fresh, five more minutes served stale while a CDN revalidates. */
export const PUBLIC_CONTENT_CACHE = { maxAge: 60, staleWhileRevalidate: 300 };

/** `GET /changelog/{public_slug}` and the like: one published item of a kind, by its public slug. */
export function publishedItemProcedure<K extends TContentKind, P>(kind: ContentKind<K, P>, output: z.ZodType<P>, path: `/${string}`, noun: string) {
  return publicProcedure
    .meta({ openapi: { method: 'GET', path, tags, summary: `One published ${noun}`, protect: false }, errors: [404], httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZSlugInput)
    .output(output)
    .query(({ ctx, input }) => getPublished(kind, { ctx, input }));
}

/** `GET /changelogs` and the like: published items of a kind, newest first. */
export function publishedListProcedure<K extends TContentKind, P>(kind: ContentKind<K, P>, output: z.ZodType<P>, path: `/${string}`, nouns: string) {
  return publicProcedure
    .meta({ openapi: { method: 'GET', path, tags, summary: `Published ${nouns}, newest first`, protect: false }, httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZPublicListInput)
    .output(z.array(output))
    .query(({ ctx, input }) => listPublished(kind, { ctx, input }));
}

/**
 * Authoring, by any actor of the project (dashboard, API token, agent): what the MCP tools list_*, get_*
 * and save_* call. Only saving differs per kind.
 */
export function authoringRouter<K extends TContentKind, M, I>(
  kind: ContentKind<K, unknown, M>,
  managed: z.ZodType<M>,
  saveInput: z.ZodType<I>,
  save: (args: { ctx: ProjectScope<Database>; input: I }) => Promise<M>,
) {
  return router({
    list: projectProcedure.input(ZStatusFilter).output(z.array(managed)).query(({ ctx, input }) => listItems(kind, { ctx, input })),
    get: projectProcedure.input(ZIdInput).output(managed).query(({ ctx, input }) => getItem(kind, { ctx, input })),
    save: projectProcedure.input(saveInput).output(managed).mutation(({ ctx, input }) => save({ ctx, input: input as I })),
  });
}
