import { z } from 'zod';
import { projectProcedure, publicProcedure, router } from '../trpc';
import { getUser } from '../accounts/get-user';
import { ZUser } from '../accounts/schemas';
import { getHealth } from './health';
import { ZHealth } from './schemas';

export const serviceRouter = router({
  health: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['Service'], summary: 'Health and version', protect: false } })
    .input(z.void())
    .output(ZHealth)
    .query(() => getHealth()),

  me: projectProcedure
    .meta({ openapi: { method: 'GET', path: '/me', tags: ['Service'], summary: 'The user that owns the API token' } })
    .input(z.void())
    .output(ZUser)
    .query(({ ctx }) => getUser(ctx.db, ctx.userId)),
});
