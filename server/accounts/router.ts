import { z } from 'zod';
import { publicProcedure, router, sessionProcedure } from '../trpc';
import { createUser } from './create-user';
import { getUser } from './get-user';
import { ZSignUpInput, ZUser } from './schemas';

export const accountsRouter = router({
  signUp: publicProcedure.input(ZSignUpInput).output(ZUser).mutation(({ ctx, input }) => createUser(ctx.db, input)),
  current: sessionProcedure.input(z.void()).output(ZUser).query(({ ctx }) => getUser(ctx.db, ctx.userId)),
});
