import { z } from 'zod';
import { projectProcedure, router, userProcedure } from '../trpc';
import { createProject } from './create';
import { getProjectForUser, listProjectsForUser } from './get';
import { getProjectOverview } from './overview';
import { ZCreateProjectInput, ZProject, ZProjectOverview } from './schemas';

export const projectsRouter = router({
  list: userProcedure.input(z.void()).output(z.array(ZProject)).query(({ ctx }) => listProjectsForUser(ctx.db, ctx.userId)),
  get: userProcedure
    .input(z.object({ idOrSlug: z.string().min(1) }))
    .output(ZProject)
    .query(({ ctx, input }) => getProjectForUser(ctx.db, ctx.userId, input.idOrSlug)),
  create: userProcedure
    .input(ZCreateProjectInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => createProject(ctx.db, { ...input, ownerId: ctx.userId })),
  // the token's own project (MCP get_project)
  current: projectProcedure.input(z.void()).output(ZProjectOverview).query(({ ctx }) => getProjectOverview({ ctx })),
});
