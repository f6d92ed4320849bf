import { accountsRouter } from './accounts/router';
import { apiTokensRouter } from './api-tokens/router';
import { bannerRouter } from './banner/router';
import { blogPostsRouter } from './blog-posts/router';
import { changelogsRouter } from './changelogs/router';
import { contentRouter } from './content/router';
import { kbSetsRouter } from './kb-sets/router';
import { mailingListsRouter } from './mailing-lists/router';
import { oauthRouter } from './oauth/router';
import { projectsRouter } from './projects/router';
import { recipientsRouter } from './recipients/router';
import { serviceRouter } from './service/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  service: serviceRouter,
  accounts: accountsRouter,
  projects: projectsRouter,
  apiTokens: apiTokensRouter,
  oauth: oauthRouter,
  banner: bannerRouter,
  changelogs: changelogsRouter,
  blogPosts: blogPostsRouter,
  kbSets: kbSetsRouter,
  content: contentRouter,
  mailingLists: mailingListsRouter,
  recipients: recipientsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
