import { z } from 'zod';
import { memberProcedure, router, tokenProcedure } from '../trpc';
import { getSend, listSends } from './get';
import { listDeliveries } from './ledger';
import { previewSend } from './preview';
import { retryFailures } from './retry';
import { ZLedgerInput, ZLedgerPage, ZRetryResult, ZSend, ZSendIdInput, ZSendPreview, ZStartSendInput } from './schemas';
import { startSend } from './start';

/** Release emails: the MCP tool send_release_email (token) and the dashboard (member). No REST route. */
export const releaseEmailsRouter = router({
  token: router({
    send: tokenProcedure.meta({ rateLimit: 'write' }).input(ZStartSendInput).output(ZSend).mutation(({ ctx, input }) => startSend({ ctx, input })),
    get: tokenProcedure.input(ZSendIdInput).output(ZSend).query(({ ctx, input }) => getSend({ ctx, input })),
  }),
  member: router({
    preview: memberProcedure.input(ZStartSendInput).output(ZSendPreview).query(({ ctx, input }) => previewSend({ ctx, input })),
    send: memberProcedure.input(ZStartSendInput).output(ZSend).mutation(({ ctx, input }) => startSend({ ctx, input })),
    list: memberProcedure.output(z.array(ZSend)).query(({ ctx }) => listSends({ ctx })),
    get: memberProcedure.input(ZSendIdInput).output(ZSend).query(({ ctx, input }) => getSend({ ctx, input })),
    ledger: memberProcedure.input(ZLedgerInput).output(ZLedgerPage).query(({ ctx, input }) => listDeliveries({ ctx, input })),
    retry: memberProcedure.input(ZSendIdInput).output(ZRetryResult).mutation(({ ctx, input }) => retryFailures({ ctx, input })),
  }),
});
