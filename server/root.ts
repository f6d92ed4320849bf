import { accountsRouter } from './accounts/router';
import { apiTokensRouter } from './api-tokens/router';
import { bannerRouter } from './banner/router';
import { projectsRouter } from './projects/router';
import { serviceRouter } from './service/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  service: serviceRouter,
  accounts: accountsRouter,
  projects: projectsRouter,
  apiTokens: apiTokensRouter,
  banner: bannerRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
