import { z } from 'zod';
import { publicProcedure, router, userProcedure } from '../trpc';
import { confirmSignUp } from './confirm-sign-up';
import { getUser } from './get-user';
import { ZConfirmSignUpInput, ZSignUpInput, ZSignUpResult, ZUser } from './schemas';
import { signUp } from './sign-up';
import { verifyNewAccount } from '../verification/after-sign-up';

export const accountsRouter = router({
  signUp: publicProcedure
    .meta({ rateLimit: 'signUp' })
    .input(ZSignUpInput)
    .output(ZSignUpResult)
    .mutation(async ({ ctx, input }) => {
      const result = await signUp({ ctx, input });
      // an account usable at once (the embedded outbox) still gets its verification email; not awaited:
      // a slow transport must not hold up the sign-up form
      if ('id' in result) void verifyNewAccount(ctx.db, result.id);
      return result;
    }),
  confirmSignUp: publicProcedure
    .meta({ rateLimit: 'signUp' })
    .input(ZConfirmSignUpInput)
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) => confirmSignUp({ ctx, input })),
  current: userProcedure.input(z.void()).output(ZUser).query(({ ctx }) => getUser(ctx.db, ctx.userId)),
});
