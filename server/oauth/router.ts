import { z } from 'zod';
import { memberProcedure, router } from '../trpc';
import { listConnectedApps, revokeConnectedApp } from './connected-apps';
import { ZConnectedApp } from './schemas';

/** The dashboard's "Connected apps" of a project. */
export const oauthRouter = router({
  connectedApps: memberProcedure.output(z.array(ZConnectedApp)).query(({ ctx }) => listConnectedApps(ctx.db, ctx.projectId)),
  revokeApp: memberProcedure
    .input(z.object({ grantId: z.uuid() }))
    .output(z.object({ id: z.uuid(), revoked: z.boolean() }))
    .mutation(({ ctx, input }) => revokeConnectedApp(ctx.db, { projectId: ctx.projectId, grantId: input.grantId })),
});
