import { z } from 'zod';
import { publicProcedure, router, userProcedure } from '../trpc';
import { confirmEmail } from './confirm';
import { sendVerificationEmail } from './request';

/** Account email verification: the link from the email, and "send it again" for the signed-in user. */
export const verificationRouter = router({
  confirm: publicProcedure
    .input(z.object({ token: z.string().min(1).max(200) }))
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) => confirmEmail({ ctx, input })),
  resend: userProcedure.output(z.object({ sent: z.boolean() })).mutation(({ ctx }) => sendVerificationEmail(ctx.db, ctx.userId)),
});
