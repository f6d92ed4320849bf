import { z } from 'zod';
import { publicProcedure, router, userProcedure } from '../trpc';
import { createUser } from './create-user';
import { getUser } from './get-user';
import { ZSignUpInput, ZUser } from './schemas';
import { verifyNewAccount } from '../verification/after-sign-up';

export const accountsRouter = router({
  signUp: publicProcedure
    .meta({ rateLimit: 'signUp' })
    .input(ZSignUpInput)
    .output(ZUser)
    .mutation(async ({ ctx, input }) => {
      const user = await createUser(ctx.db, input);
      // not awaited: a slow SMTP server must not hold up the sign-up form
      void verifyNewAccount(ctx.db, user.id);
      return user;
    }),
  current: userProcedure.input(z.void()).output(ZUser).query(({ ctx }) => getUser(ctx.db, ctx.userId)),
});
