import { z } from 'zod';
import { memberProcedure, router } from '../trpc';
import { createApiToken } from './create';
import { listApiTokens } from './list';
import { revokeApiToken } from './revoke';
import { ZApiTokenSummary, ZCreatedToken, ZTokenName } from './schemas';

export const apiTokensRouter = router({
  list: memberProcedure.output(z.array(ZApiTokenSummary)).query(({ ctx }) => listApiTokens(ctx.db, ctx.projectId)),
  create: memberProcedure
    .input(z.object({ name: ZTokenName }))
    .output(ZCreatedToken)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, { projectId: ctx.projectId, userId: ctx.userId, name: input.name })),
  revoke: memberProcedure
    .input(z.object({ tokenId: z.uuid() }))
    .output(z.object({ id: z.uuid(), revoked: z.boolean() }))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, { projectId: ctx.projectId, tokenId: input.tokenId })),
});
