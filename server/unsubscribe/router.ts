import { publicProcedure, router } from '../trpc';
import { confirmUnsubscribe, describeUnsubscribe } from './confirm';
import { ZUnsubscribeInput, ZUnsubscribeState } from './schemas';

/** The signed links in release emails: no login, the token is the credential. */
export const unsubscribeRouter = router({
  describe: publicProcedure.input(ZUnsubscribeInput).output(ZUnsubscribeState).query(({ ctx, input }) => describeUnsubscribe({ ctx, input })),
  confirm: publicProcedure.input(ZUnsubscribeInput).output(ZUnsubscribeState).mutation(({ ctx, input }) => confirmUnsubscribe({ ctx, input })),
});
