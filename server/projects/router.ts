import { z } from 'zod';
import { router, sessionProcedure, tokenProcedure } from '../trpc';
import { createProject } from './create';
import { getProjectForUser, listProjectsForUser } from './get';
import { getProjectOverview } from './overview';
import { ZCreateProjectInput, ZProject, ZProjectOverview } from './schemas';

export const projectsRouter = router({
  list: sessionProcedure.input(z.void()).output(z.array(ZProject)).query(({ ctx }) => listProjectsForUser(ctx.db, ctx.userId)),
  get: sessionProcedure
    .input(z.object({ idOrSlug: z.string().min(1) }))
    .output(ZProject)
    .query(({ ctx, input }) => getProjectForUser(ctx.db, ctx.userId, input.idOrSlug)),
  create: sessionProcedure
    .input(ZCreateProjectInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => createProject(ctx.db, { ...input, ownerId: ctx.userId })),
  // the token's own project (MCP get_project)
  current: tokenProcedure.input(z.void()).output(ZProjectOverview).query(({ ctx }) => getProjectOverview({ ctx })),
});
