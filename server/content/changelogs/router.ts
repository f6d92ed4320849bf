import { z } from 'zod';
import { projectProcedure, publicProcedure, router } from '../../trpc';
import { PUBLIC_CONTENT_CACHE } from '../http-cache';
import { ZIdInput, ZPublicListInput, ZSlugInput, ZStatusFilter } from '../schemas';
import { ZFeed } from '../feeds/schemas';
import { changelogFeed } from '../feeds/changelog-feed';
import { changelogPage } from './public';
import { getItem, getPublished, listItems, listPublished } from '../items';
import { CHANGELOG } from '../kinds';
import { saveChangelog } from './save';
import { ZChangelog, ZChangelogPage, ZManagedChangelog, ZSaveChangelogInput } from './schemas';

const tags = ['Public content'];

export const changelogsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/changelogs', tags, summary: 'Published changelogs, newest first', protect: false }, httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZPublicListInput)
    .output(z.array(ZChangelog))
    .query(({ ctx, input }) => listPublished(CHANGELOG, { ctx, input })),
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/changelog/{public_slug}', tags, summary: 'One published changelog', protect: false }, errors: [404], httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZSlugInput)
    .output(ZChangelog)
    .query(({ ctx, input }) => getPublished(CHANGELOG, { ctx, input })),
  /** RSS of GET /changelog/{public_slug}/feed, served by its own route handler */
  feed: publicProcedure.input(ZSlugInput).output(ZFeed).query(({ ctx, input }) => changelogFeed({ ctx, input })),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZChangelogPage).query(({ ctx, input }) => changelogPage({ ctx, input })),

  /** authoring, by any actor of the project (dashboard, API token, agent): what the MCP tools list_changelogs, get_changelog, save_changelog call */
  manage: router({
    list: projectProcedure.input(ZStatusFilter).output(z.array(ZManagedChangelog)).query(({ ctx, input }) => listItems(CHANGELOG, { ctx, input })),
    get: projectProcedure.input(ZIdInput).output(ZManagedChangelog).query(({ ctx, input }) => getItem(CHANGELOG, { ctx, input })),
    save: projectProcedure.input(ZSaveChangelogInput).output(ZManagedChangelog).mutation(({ ctx, input }) => saveChangelog({ ctx, input })),
  }),
});
