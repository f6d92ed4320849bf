import { z } from 'zod';
import { memberProcedure, router, userProcedure } from '../trpc';
import { getOutboxMessage, listOutbox } from './outbox-read';
import { ZOutboxListInput, ZOutboxMessage, ZOutboxSummary } from './schemas';
import { getTransport } from './transport';

/** The outbox in the dashboard: what the embedded default stored instead of sending. */
export const emailRouter = router({
  transport: userProcedure.output(z.object({ kind: z.enum(['smtp', 'outbox']) })).query(() => ({ kind: getTransport().kind })),
  outbox: router({
    list: memberProcedure.input(ZOutboxListInput).output(z.array(ZOutboxSummary)).query(({ ctx, input }) => listOutbox({ ctx, input })),
    get: memberProcedure
      .input(z.object({ message_id: z.uuid() }))
      .output(ZOutboxMessage)
      .query(({ ctx, input }) => getOutboxMessage({ ctx, input })),
  }),
});
