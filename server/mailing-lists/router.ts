import { z } from 'zod';
import { checkedOnce } from '../checked-once';
import { projectProcedure, router } from '../trpc';
import { createList } from './create';
import { getList } from './get';
import { isKeptLists } from './kept-lists';
import { listLists, listListsWithCounts } from './list';
import { ZCreateListInput, ZGetListInput, ZListSummary, ZMailingList } from './schemas';

const tags = ['Mailing lists'];

/** Section 4.4 lists: one procedure per verb for REST, MCP and the dashboard. */
export const mailingListsRouter = router({
  list: projectProcedure
    .meta({ openapi: { method: 'GET', path: '/email/lists', tags, summary: 'Mailing lists of the project' }, rateLimit: 'read' })
    .input(z.void())
    .output(checkedOnce(z.array(ZListSummary), isKeptLists))
    .query(({ ctx }) => listLists({ ctx })),

  create: projectProcedure
    .meta({
      openapi: { method: 'POST', path: '/email/lists', tags, summary: 'Create a mailing list' },
      rateLimit: 'write',
      successStatus: 201,
      errors: [400, 409],
    })
    .input(ZCreateListInput)
    .output(ZMailingList)
    .mutation(({ ctx, input }) => createList({ ctx, input })),

  get: projectProcedure
    .meta({ openapi: { method: 'GET', path: '/email/lists/{list_id}', tags, summary: 'One mailing list with its counts' }, rateLimit: 'read', errors: [404] })
    .input(ZGetListInput)
    .output(ZMailingList)
    .query(({ ctx, input }) => getList({ ctx, input })),

  /** the dashboard's table: every list with all seven fields */
  listWithCounts: projectProcedure.output(checkedOnce(z.array(ZMailingList), isKeptLists)).query(({ ctx }) => listListsWithCounts({ ctx })),
});
