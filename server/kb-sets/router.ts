import { z } from 'zod';
import { memberProcedure, publicProcedure, router, tokenProcedure } from '../trpc';
import { PUBLIC_CONTENT_CACHE } from '../content/http-cache';
import { ZIdInput, ZSlugInput, ZStatusFilter } from '../content/schemas';
import { getKbSet, listKbSets } from './get';
import { getPublishedKbSet, kbSetPage } from './public';
import { saveKbSet } from './save';
import { ZKbSet, ZKbSetPage, ZManagedKbSet, ZSaveKbSetInput } from './schemas';

const tags = ['Public content'];

export const kbSetsRouter = router({
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/kb/{public_slug}', tags, summary: 'One published knowledge-base article set', protect: false }, errors: [404], httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZSlugInput)
    .output(ZKbSet)
    .query(({ ctx, input }) => getPublishedKbSet({ ctx, input })),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZKbSetPage).query(({ ctx, input }) => kbSetPage({ ctx, input })),

  /** authoring with an API token: what the MCP tools list_kb_sets, get_kb_set, save_kb_set call */
  token: router({
    list: tokenProcedure.input(ZStatusFilter).output(z.array(ZManagedKbSet)).query(({ ctx, input }) => listKbSets({ ctx, input })),
    get: tokenProcedure.input(ZIdInput).output(ZManagedKbSet).query(({ ctx, input }) => getKbSet({ ctx, input })),
    save: tokenProcedure.input(ZSaveKbSetInput).output(ZManagedKbSet).mutation(({ ctx, input }) => saveKbSet({ ctx, input })),
  }),
  /** authoring in the dashboard */
  member: router({
    list: memberProcedure.input(ZStatusFilter).output(z.array(ZManagedKbSet)).query(({ ctx, input }) => listKbSets({ ctx, input })),
    get: memberProcedure.input(ZIdInput).output(ZManagedKbSet).query(({ ctx, input }) => getKbSet({ ctx, input })),
    save: memberProcedure.input(ZSaveKbSetInput).output(ZManagedKbSet).mutation(({ ctx, input }) => saveKbSet({ ctx, input })),
  }),
});
