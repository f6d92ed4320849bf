import { z } from 'zod';
import { memberProcedure, router, tokenProcedure } from '../trpc';
import { createList } from './create';
import { getList } from './get';
import { listLists, listListsWithCounts } from './list';
import { ZCreateListInput, ZGetListInput, ZListSummary, ZMailingList } from './schemas';

const tags = ['Mailing lists'];

/** Section 4.4 lists for API tokens (REST, MCP), and the same verbs for the dashboard. */
export const mailingListsRouter = router({
  list: tokenProcedure
    .meta({ openapi: { method: 'GET', path: '/email/lists', tags, summary: 'Mailing lists of the project' }, rateLimit: 'read' })
    .input(z.void())
    .output(z.array(ZListSummary))
    .query(({ ctx }) => listLists({ ctx })),

  create: tokenProcedure
    .meta({
      openapi: { method: 'POST', path: '/email/lists', tags, summary: 'Create a mailing list' },
      rateLimit: 'write',
      successStatus: 201,
      errors: [400, 409],
    })
    .input(ZCreateListInput)
    .output(ZMailingList)
    .mutation(({ ctx, input }) => createList({ ctx, input })),

  get: tokenProcedure
    .meta({ openapi: { method: 'GET', path: '/email/lists/{list_id}', tags, summary: 'One mailing list with its counts' }, rateLimit: 'read', errors: [404] })
    .input(ZGetListInput)
    .output(ZMailingList)
    .query(({ ctx, input }) => getList({ ctx, input })),

  dashboard: router({
    list: memberProcedure.output(z.array(ZMailingList)).query(({ ctx }) => listListsWithCounts({ ctx })),
    get: memberProcedure.input(ZGetListInput).output(ZMailingList).query(({ ctx, input }) => getList({ ctx, input })),
    create: memberProcedure.input(ZCreateListInput).output(ZMailingList).mutation(({ ctx, input }) => createList({ ctx, input })),
  }),
});
