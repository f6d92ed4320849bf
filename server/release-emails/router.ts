import { z } from 'zod';
import { projectProcedure, router } from '../trpc';
import { getSend, listSends } from './get';
import { listDeliveries } from './ledger';
import { retryFailures } from './retry';
import { ZLedgerInput, ZLedgerPage, ZRetryResult, ZSend, ZSendIdInput } from './schemas';

/**
 * Release emails: the MCP tool send_release_email and the dashboard, one procedure per verb. No REST
 * route. Previewing and sending an item are the content domain's (content/release-email-router.ts), which
 * renders the item; root.ts serves both under `releaseEmails`.
 */
export const releaseEmailsRouter = router({
  list: projectProcedure.output(z.array(ZSend)).query(({ ctx }) => listSends({ ctx })),
  get: projectProcedure.input(ZSendIdInput).output(ZSend).query(({ ctx, input }) => getSend({ ctx, input })),
  ledger: projectProcedure.input(ZLedgerInput).output(ZLedgerPage).query(({ ctx, input }) => listDeliveries({ ctx, input })),
  retry: projectProcedure.input(ZSendIdInput).output(ZRetryResult).mutation(({ ctx, input }) => retryFailures({ ctx, input })),
});
