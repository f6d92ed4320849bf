import { z } from 'zod';
import { projectProcedure, router } from '../trpc';
import { getSend, listSends } from './get';
import { listDeliveries } from './ledger';
import { previewSend } from './preview';
import { retryFailures } from './retry';
import { ZLedgerInput, ZLedgerPage, ZRetryResult, ZSend, ZSendIdInput, ZSendPreview, ZStartSendInput } from './schemas';
import { startSend } from './start';

/** Release emails: the MCP tool send_release_email and the dashboard, one procedure per verb. No REST route. */
export const releaseEmailsRouter = router({
  preview: projectProcedure.input(ZStartSendInput).output(ZSendPreview).query(({ ctx, input }) => previewSend({ ctx, input })),
  send: projectProcedure.meta({ rateLimit: 'write' }).input(ZStartSendInput).output(ZSend).mutation(({ ctx, input }) => startSend({ ctx, input })),
  list: projectProcedure.output(z.array(ZSend)).query(({ ctx }) => listSends({ ctx })),
  get: projectProcedure.input(ZSendIdInput).output(ZSend).query(({ ctx, input }) => getSend({ ctx, input })),
  ledger: projectProcedure.input(ZLedgerInput).output(ZLedgerPage).query(({ ctx, input }) => listDeliveries({ ctx, input })),
  retry: projectProcedure.input(ZSendIdInput).output(ZRetryResult).mutation(({ ctx, input }) => retryFailures({ ctx, input })),
});
