import { accountsRouter } from './accounts/router';
import { apiTokensRouter } from './api-tokens/router';
import { bannerRouter } from './banner/router';
import { blogPostsRouter, changelogsRouter, contentRouter, kbSetsRouter } from './content/router';
import { releaseEmailSendRouter } from './content/release-email-router';
import { emailRouter } from './email/router';
import { commitsRouter } from './commits/router';
import { mailingListsRouter } from './mailing-lists/router';
import { oauthRouter } from './oauth/router';
import { projectsRouter } from './projects/router';
import { recipientImportsRouter } from './recipient-imports/router';
import { recipientsRouter } from './recipients/router';
import { releaseEmailsRouter } from './release-emails/router';
import { serviceRouter } from './service/router';
import { subscriptionsRouter } from './subscriptions/router';
import { suppressionsRouter } from './suppressions/router';
import { unsubscribeRouter } from './unsubscribe/router';
import { verificationRouter } from './verification/router';
import { createCallerFactory, mergeRouters, router, type Meta } from './trpc';

export const appRouter = router({
  service: serviceRouter,
  accounts: accountsRouter,
  projects: projectsRouter,
  apiTokens: apiTokensRouter,
  oauth: oauthRouter,
  banner: bannerRouter,
  changelogs: changelogsRouter,
  commits: commitsRouter,
  blogPosts: blogPostsRouter,
  kbSets: kbSetsRouter,
  content: contentRouter,
  mailingLists: mailingListsRouter,
  recipients: recipientsRouter,
  recipientImports: recipientImportsRouter,
  releaseEmails: mergeRouters(releaseEmailSendRouter, releaseEmailsRouter),
  email: emailRouter,
  suppressions: suppressionsRouter,
  subscriptions: subscriptionsRouter,
  unsubscribe: unsubscribeRouter,
  verification: verificationRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

/** Every procedure by its dotted path, as tRPC keeps them at run time: surfaces read their meta before a call. */
export const proceduresByPath = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
