import { z } from 'zod';
import { projectProcedure, publicProcedure, router } from '../../trpc';
import { PUBLIC_CONTENT_CACHE } from '../http-cache';
import { ZIdInput, ZSlugInput, ZStatusFilter } from '../schemas';
import { kbSetPage } from './public';
import { getItem, getPublished, listItems } from '../items';
import { KB_SET } from '../kinds';
import { saveKbSet } from './save';
import { ZKbSet, ZKbSetPage, ZManagedKbSet, ZSaveKbSetInput } from './schemas';

const tags = ['Public content'];

export const kbSetsRouter = router({
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/kb/{public_slug}', tags, summary: 'One published knowledge-base article set', protect: false }, errors: [404], httpCache: PUBLIC_CONTENT_CACHE })
    .input(ZSlugInput)
    .output(ZKbSet)
    .query(({ ctx, input }) => getPublished(KB_SET, { ctx, input })),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZKbSetPage).query(({ ctx, input }) => kbSetPage({ ctx, input })),

  /** authoring, by any actor of the project (dashboard, API token, agent): what the MCP tools list_kb_sets, get_kb_set, save_kb_set call */
  manage: router({
    list: projectProcedure.input(ZStatusFilter).output(z.array(ZManagedKbSet)).query(({ ctx, input }) => listItems(KB_SET, { ctx, input })),
    get: projectProcedure.input(ZIdInput).output(ZManagedKbSet).query(({ ctx, input }) => getItem(KB_SET, { ctx, input })),
    save: projectProcedure.input(ZSaveKbSetInput).output(ZManagedKbSet).mutation(({ ctx, input }) => saveKbSet({ ctx, input })),
  }),
});
